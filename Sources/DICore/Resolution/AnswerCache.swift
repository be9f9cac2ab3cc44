import DIRuntime

/// A container's answers to top-level requests — `resolve<T>()` by the requested type,
/// `resolve(name:)` and `resolve(tag:)` by the type and its name or tags: a repeat
/// resolve is one table lookup, under the calling thread's stripe of a ``StripedLocked``
/// (threads resolving at once share no lock word; a store or a flush takes every stripe).
///
/// Each stripe keeps answers of its own, remembered by the threads of that stripe: a
/// resolve retains the answer it takes out (and runs the compiled root it holds), and
/// threads retaining one shared answer made its reference count bounce between their
/// cores on every resolve (two threads resolving one 3-object graph spent 43% of their
/// time in `swift_retain`/`swift_release`, against 16% on one thread). A stripe's first
/// resolve of a type finds nothing and remembers its own answer.
///
/// An answer is either the instance itself — kept alive by a cell this container uses, or
/// the `nil` of an optional request that no component, or more than one, answers — or just
/// the component the request chose, which spares a repeat resolve the registry's lookup.
///
/// Answers are filled under ``Epochs/answers``. A component answer is used while
/// ``Epochs/registryNow`` is unchanged: any registration or modifier in any container retires
/// it, and a clean does not (it changes no choice, so a resolve keeps its compiled plan). An
/// instance answer is used while ``Epochs/answers`` is unchanged: a clean in any container
/// retires it too. A clean also lets go of its own container's instance answers at once,
/// and of those of every container that remembered one of the instances it dropped: a
/// parent's clean of its children's, a scope's of its registering containers'
/// (``InstanceRemembering``).
final class AnswerCache: InstanceRemembering {
    /// One remembered answer. A class: taking it out of the table under the lock is one
    /// retain, whatever it holds.
    final class Answer: Sendable {
        /// The component the request chose; `nil` for the `nil` of an optional request.
        let component: Component?
        /// Why it won, for traces.
        let reason: Selection.Reason
        /// The instance, as a value of the requested type; meaningful when ``isInstance``.
        /// Sendable: the container hands it to any thread that resolves it anyway.
        nonisolated(unsafe) let instance: Any
        /// ``instance`` as an object, when the requested type is a class: what an unobserved
        /// resolve takes out of the table (one retain of the instance, none of the answer).
        nonisolated(unsafe) let object: AnyObject?
        let isInstance: Bool
        /// For the `nil` of an optional request several components match: those components,
        /// which a traced resolve of it reports again.
        let ambiguous: [Component]
        /// The plan of a resolve starting at ``component``, when the answer is the component.
        let plan: ResolvePlan?
        /// The plan's steps compiled (see ``StepCompiler``), once the request was answered
        /// again: a plan used once gains nothing from being compiled. `nil` also when the
        /// root does not compile. A `TypedStep<T>` of the type `T` the answer is remembered
        /// for (the root itself, or one casting its instance to `T`), so that the resolve of
        /// a `T` gets its instance straight from the root's code (read with `classInstance`:
        /// a checked cast would look up `TypedStep<T>`'s metadata on every resolve).
        let typedRoot: (any AnyTypedStep)?
        /// Whether ``plan`` was compiled (into ``typedRoot``, if its root compiles).
        let isCompiled: Bool
        /// Whether a framework rule or `.default()` decided the answer among several
        /// candidates (or none did: a `nil` of several): a request made inside a framework
        /// component's factory may get another answer (``isRightForCaller``).
        let dependsOnRequester: Bool

        /// Whether the answer is right for a request made now on this thread: any answer
        /// outside a resolve; inside one (a factory resolving), one that does not depend on
        /// who asks — else the resolve chooses, by its requester's framework rules.
        var isRightForCaller: Bool {
            !dependsOnRequester || !ResolveLink.isInProgress
        }

        /// An answer to a request for a `T` that is the instance itself (kept by
        /// `component`'s cell, or `nil`, with the components that made it `nil` by matching
        /// all at once).
        init<T>(instance: T, of component: Component?, _ reason: Selection.Reason, ambiguous: [Component] = []) {
            self.ambiguous = ambiguous
            self.component = component
            self.reason = reason
            self.instance = instance
            dependsOnRequester = reason.dependsOnRequester || !ambiguous.isEmpty
            object = StepFrame.keepsObject(T.self) ? classObject(instance) : nil
            isInstance = true
            plan = nil
            typedRoot = nil
            isCompiled = false
        }

        /// An answer that is the component to make (or find) the instance with, and the
        /// plan a resolve starting at it follows.
        init(component: Component, _ reason: Selection.Reason, plan: ResolvePlan?) {
            ambiguous = []
            self.component = component
            self.reason = reason
            dependsOnRequester = reason.dependsOnRequester
            instance = ()
            object = nil
            isInstance = false
            self.plan = plan
            typedRoot = nil
            isCompiled = false
        }

        /// This component answer to a request for a `T`, with its plan (if any) compiled.
        init<T>(compiling answer: Answer, for type: T.Type) {
            ambiguous = []
            component = answer.component
            reason = answer.reason
            dependsOnRequester = answer.dependsOnRequester
            instance = ()
            object = nil
            isInstance = false
            plan = answer.plan
            typedRoot = answer.plan?.compiledRoot(for: T.self)
            isCompiled = true
        }
    }

    /// A key answers are remembered under: a plain request's type (its `ObjectIdentifier`),
    /// or a type with the name or tags a request asks for (``QualifiedRequestKey``), each
    /// kind in a table of its own.
    protocol Key: IdentityKey {
        /// The answer stripe `stripe` of `states` remembers for this key.
        func answer(in states: borrowing [State], _ stripe: Int) -> Answer?
        /// Remembers `answer` for this key in `state`: the answer replaced, if any.
        func store(_ answer: Answer, in state: inout State) -> Answer?
    }

    /// The answers of one stripe.
    struct State {
        /// The ``Epochs/answers`` count the answers were found under; `-1`: none.
        fileprivate var epoch = -1
        /// The registry count then (``Epochs/registry(of:)``): its component answers stay right while it is
        /// unchanged.
        fileprivate var registryEpoch = -1
        /// Plain requests' answers, by type.
        fileprivate var answers = IdentityTable<ObjectIdentifier, Answer>()
        /// Answers to requests with a name or tags: few in most apps, so a small table.
        fileprivate var qualified = IdentityTable<QualifiedRequestKey, Answer>(capacity: 2)

        /// The component answer stripe `stripe` of `states` remembers for `key` under an
        /// older epoch than the caller's `epoch`, if only cleans came since: a registry
        /// change retires every answer; a clean, only those that hold an instance.
        @inline(never)
        fileprivate static func choice<K: Key>(
            for key: K,
            in states: borrowing [State],
            _ stripe: Int,
            epoch: Int
        ) -> Answer? {
            guard states[stripe].registryEpoch == Epochs.registry(of: epoch),
                let answer = key.answer(in: states, stripe), !answer.isInstance
            else {
                return nil
            }
            return answer
        }

        /// Remembers `answer` for `key`, found under `epoch` while the registry count was
        /// `registry`. Tables found under an older epoch are replaced, with the component
        /// answers that are still right: the old state and the answer replaced, to release
        /// outside the lock.
        fileprivate mutating func store<K: Key>(
            _ answer: Answer,
            for key: K,
            epoch: Int,
            registry: Int
        ) -> (State?, Answer?) {
            var stale: State?
            if self.epoch != epoch {
                stale = self
                // Only cleans since: the choices are still right, the instances are not.
                let keepsChoices = registryEpoch == registry
                answers = keepsChoices ? answers.filter { !$0.isInstance } : IdentityTable(capacityFor: answers.count)
                if !qualified.isEmpty {
                    qualified =
                        keepsChoices ? qualified.filter { !$0.isInstance } : IdentityTable(capacityFor: qualified.count)
                }
                self.epoch = epoch
                registryEpoch = registry
            }
            return (stale, key.store(answer, in: &self))
        }

        /// Forgets every instance answer (a clean dropped the instances): the old state, to
        /// release outside the lock, if it had any answer.
        fileprivate mutating func flush() -> State? {
            guard !answers.isEmpty || !qualified.isEmpty else { return nil }
            let stale = self
            if !answers.isEmpty { answers = stale.answers.filter { !$0.isInstance } }
            if !qualified.isEmpty { qualified = stale.qualified.filter { !$0.isInstance } }
            return stale
        }

        #if TRANQUIL_INTERNAL_CHECKS
        fileprivate func checkInvariants() {
            answers.checkInvariants()
            qualified.checkInvariants()
        }
        #endif
    }

    /// One state per stripe (see above), each read under its own stripe.
    private let state = StripedLocked(Array(repeating: State(), count: StripedLocked<[State]>.stripeCount))
    /// ``Epochs/answers``, reached through a field: a resolve reads it first thing, and a
    /// global's lazy-initialization check on every read costs more than the read.
    private let epochs = Epochs.answers

    /// The epoch answers are found and remembered under now (``Epochs/answers``).
    var epoch: Int { epochs.value }

    /// What ``lookUp(_:epoch:objects:)`` found.
    enum Found {
        /// No answer under the epoch.
        case nothing
        /// A remembered class instance of the requested type (``Answer/object``).
        case object(AnyObject)
        /// Any other answer.
        case answer(Answer)
    }

    /// The stripe of the calling thread: the one its lookups read, and its stores write.
    @inline(__always)
    static var stripeOfThread: Int { StripedLocked<[State]>.stripeOfThread }

    /// The answer for `key`, if it is still right under `epoch` (remembered under it, or a
    /// component remembered before cleans only); with `objects`, a remembered
    /// class instance itself, retained once under the lock (the caller's reference: hand it
    /// on with `classInstance(taking:as:)`) without retaining its answer (one reference count
    /// fewer, on an object every thread resolving it would share).
    ///
    /// An answer that depends on who asks (``Answer/dependsOnRequester``) is found as an
    /// ``Found/answer``, never as an object: the caller checks ``Answer/isRightForCaller``.
    @inline(__always)
    func lookUp<K: Key>(_ key: K, epoch: Int, objects: Bool) -> Found {
        state.withStripeReadLock { states, stripe in
            guard states[stripe].epoch == epoch else {
                return State.choice(for: key, in: states, stripe, epoch: epoch).map(Found.answer) ?? .nothing
            }
            guard let answer = key.answer(in: states, stripe) else { return .nothing }
            if objects, !answer.dependsOnRequester, let object = answer.object { return .object(object) }
            return .answer(answer)
        }
    }

    /// Remembers `answer` for `key` in `stripe` (the calling thread's, unless the request
    /// started on another thread: see ``DIContainer/resolveAwaited(_:_:epoch:observed:qualifier:stripe:tryingNow:)``),
    /// found while the epoch was `epoch` — unless the epoch has moved on since (then the
    /// answer may already be stale).
    func store<K: Key>(_ answer: Answer, for key: K, epoch: Int, stripe: Int = AnswerCache.stripeOfThread) {
        let dropped = state.withLock { states -> (State?, Answer?) in
            // The registry count `epoch` was read with, which the answer was chosen after.
            guard epochs.value == epoch else { return (nil, nil) }
            return states[stripe].store(answer, for: key, epoch: epoch, registry: Epochs.registry(of: epoch))
        }
        // Released outside the lock: a deinit is user code.
        withExtendedLifetime(dropped) {}
    }

    #if TRANQUIL_INTERNAL_CHECKS
    /// Stops the process if a stripe's table of answers is inconsistent
    /// (``IdentityTable/checkInvariants()``).
    func checkInvariants() {
        state.withReadLock { states in
            for state in states { state.checkInvariants() }
        }
    }
    #endif

    /// Remembers `answer` for a request for `type` with `qualifier` (see
    /// ``store(_:for:epoch:)``), under the key its lookup uses.
    func store(
        _ answer: Answer,
        for type: Any.Type,
        _ qualifier: DIQualifier,
        epoch: Int,
        stripe: Int = AnswerCache.stripeOfThread
    ) {
        if case .none = qualifier {
            store(answer, for: ObjectIdentifier(type), epoch: epoch, stripe: stripe)
        } else {
            store(answer, for: QualifiedRequestKey(type, qualifier), epoch: epoch, stripe: stripe)
        }
    }

    /// Forgets every instance answer of every stripe, letting go of the instances.
    func flush() {
        let stale = state.withLock { states in
            states.indices.compactMap { states[$0].flush() }
        }
        withExtendedLifetime(stale) {}
    }
}

extension ObjectIdentifier: AnswerCache.Key {
    @inline(__always)
    func answer(in states: borrowing [AnswerCache.State], _ stripe: Int) -> AnswerCache.Answer? {
        states[stripe].answers[self]
    }

    func store(_ answer: AnswerCache.Answer, in state: inout AnswerCache.State) -> AnswerCache.Answer? {
        state.answers.store(answer, for: self)
    }
}

extension QualifiedRequestKey: AnswerCache.Key {
    // Inlined where the lookup holds its stripe: a call would take a copy of the stripe's
    // state (a retain of each of its tables).
    @inline(__always)
    func answer(in states: borrowing [AnswerCache.State], _ stripe: Int) -> AnswerCache.Answer? {
        states[stripe].qualified[self]
    }

    func store(_ answer: AnswerCache.Answer, in state: inout AnswerCache.State) -> AnswerCache.Answer? {
        state.qualified.store(answer, for: self)
    }
}
