import SwiftSyntax

/// The concurrency and callback APIs of Swift, Dispatch, Foundation and Apple's frameworks, by where they
/// run the closure handed to them: a task that inherits the caller's actor, the main actor, or a
/// background queue (`ClosureRole`). `ClosureExprSyntax.role` reads it.

extension CalledName {
    /// The role of a closure handed to this call. Switches on the name first: most calls are not
    /// concurrency APIs, and the receiver's text is only built for those that may be.
    var closureRole: ClosureRole {
        switch name {
        case "Task" where receiver == nil && !isImplicitMember:
            return .unstructuredTask
        case "detached" where startsDetachedTask:
            return .background("a Task.detached body")
        case "immediate" where receiver?.isTaskType == true:
            // Swift 6.2 (SE-0472): starts at once on the caller's actor, then continues like `Task { }`.
            return .unstructuredTask
        case "run" where receiverText == "MainActor":
            return .mainActorJob(ClosureRole.mainActorRun)
        case "assumeIsolated" where receiverText == "MainActor":
            return .mainActorCode("MainActor.assumeIsolated")
        // `NSBlockOperation { }`: its Swift 2 spelling, still in apps that never migrated.
        case "Thread" where receiver == nil, "BlockOperation" where receiver == nil, "NSBlockOperation" where receiver == nil, "detachNewThread":
            return .background("a background thread")
        case "NSSetUncaughtExceptionHandler" where receiver == nil, "signal" where receiver == nil || receiverText == "Darwin":
            // Runs when the process crashes or gets the signal, on the thread that crashed: not where it is
            // installed (blind round AB: a sleep that lets a crash log flush, installed at launch).
            return .background("an exception or signal handler, which runs when the process crashes")
        case let name where ["background", "utility", "userInitiated", "userInteractive"].contains(name) && receiverText == "Async":
            // The Async library (`Async.background { }.main { }`) runs each block on the global queue its name
            // says (blind round AV: a photo library fetched in `Async.background`, counted as main-thread work).
            return .background("a global queue (Async.\(name))")
        case "addExecutionBlock":
            // `BlockOperation.addExecutionBlock { }`: the block runs when the operation does, on the queue it
            // is added to, like the block of `BlockOperation { }`.
            return .background("an operation's execution block")
        case "MPMediaItemArtwork" where receiver == nil:
            // `MPMediaItemArtwork(boundsSize:requestHandler:)` keeps the handler and calls it when the system
            // shows the artwork, on Media Player's own queue (blind round CN: a cover fetched in the handler,
            // counted as the work of the main-queue block that set the now-playing info).
            return .background("a Media Player artwork handler, called later on its own queue")
        case "DispatchWorkItem" where receiver == nil:
            // Stored and run where it is executed, later: not work done where it is written.
            return .background("a DispatchWorkItem")
        case "addTask", "addTaskUnlessCancelled", "addDiscardingTask", "addDiscardingTaskUnlessCancelled":
            return .background("a child task")
        case "dataTask", "downloadTask", "uploadTask":
            return .background("a URLSession completion handler")
        case let name where Self.alamofireResponseHandlers.contains(where: { $0.description == name }):
            // Alamofire calls a response handler on the `queue:` it is handed, the main queue by default
            // (blind round CN: a client's completions delivered from such handlers, and polled with sleeps).
            guard call.arguments.contains(where: { $0.label?.text == "queue" }) else { return .mainActorJob("Alamofire \(name)") }
            return queueItIsHanded
        case "performChanges":
            // `PHPhotoLibrary.performChanges(_:completionHandler:)` runs the change block and the handler on
            // an arbitrary serial queue (`performChangesAndWait` runs it on the caller's thread).
            return .background("a Photos change block on a background queue")
        case "requestAVAsset", "requestPlayerItem", "requestExportSession", "exportAsynchronously", "loadValuesAsynchronously",
             "generateCGImagesAsynchronously", "generateCGImageAsynchronously":
            // Photos' video requests (`PHImageManager.requestAVAsset(forVideo:options:resultHandler:)`), an export
            // session's completion, AVFoundation's asynchronous key loading and frame generation call their
            // handlers on a queue of their own (blind round AJ: a picked video read whole in such a handler,
            // counted as the picker callback's work).
            return .background("an AVFoundation or Photos completion handler on a background queue")
        case "asyncRead", "asyncWrite", "asyncWriteWithoutTransaction", "asyncUnsafeRead", "asyncConcurrentRead",
             "asyncBarrierWriteWithoutTransaction":
            // GRDB's asynchronous database access runs the block on the database's own dispatch queue and
            // returns at once (the synchronous `read`/`write` are in the catalogue).
            return .background("a GRDB database queue")
        case "installTap" where labels.first.flatMap { $0 } == "onBus":
            // `AVAudioNode.installTap(onBus:bufferSize:format:block:)` hands each buffer to the block on an
            // audio thread of its own (blind round AY: a spectrum analyser's FFT, read as main-thread work).
            return .background("an audio tap's block on an audio thread")
        case let name where receiver == nil && CCallbacks.ownThreadRegistrations.contains(name):
            return .background("a display link's or audio unit's callback on its own thread")
        case "performExpiringActivity":
            // `ProcessInfo.performExpiringActivity(withReason:using:)` runs the block asynchronously on a
            // concurrent queue of its own; an extension blocks there on purpose to keep its process alive.
            return .background("an expiring activity's block on a background queue")
        case "performBackgroundTask":
            // Core Data runs the block on a new background context's private queue.
            return .background("a Core Data background context")
        case "requestAuthorization", "requestTrackingAuthorization", "requestAccess", "requestFullAccessToEvents",
             "requestRecordPermission", "getNotificationSettings", "getPendingNotificationRequests",
             "getDeliveredNotifications", "evaluatePolicy", "beginAccessingResources", "conditionallyBeginAccessingResources":
            // Photos, UserNotifications, Contacts, EventKit, AVAudioSession, AppTrackingTransparency,
            // LocalAuthentication and On-Demand Resources (`NSBundleResourceRequest`) call these handlers on
            // a queue of their own, not the main queue.
            return .background("a system callback on a background queue")
        case let name where ["loadFileRepresentation", "loadDataRepresentation", "loadInPlaceFileRepresentation", "loadItem", "loadObject"]
            .contains(name) && ["forTypeIdentifier", "ofClass", "for"].contains(labels.first.flatMap { $0 } ?? ""):
            // NSItemProvider calls its completion handlers on an arbitrary background queue (drag and drop, pickers).
            return .background("an NSItemProvider completion handler on a background queue")
        case "addObserver":
            // `addObserver(forName:object:queue:using:)` runs the block on `queue`, or where the notification is posted when nil.
            guard let queue = call.arguments.first(where: { $0.label?.text == "queue" })?.expression.trimmedDescription,
                  queue != "nil" else { return .inherits }
            return Self.isMainQueue(queue) ? .mainActorJob("NotificationCenter.addObserver(queue: \(queue))") : .background("a background queue")
        case "coordinate" where labels.contains("queue"):
            // `NSFileCoordinator.coordinate(with:queue:byAccessor:)` returns at once and runs the accessor on `queue`.
            let queue = call.arguments.first { $0.label?.text == "queue" }?.expression.trimmedDescription ?? "nil"
            return Self.isMainQueue(queue) ? .mainActorJob("NSFileCoordinator.coordinate(queue: \(queue))")
                : .background("a file coordinator's accessor on its queue")
        case "register" where labels.first == "forTaskWithIdentifier":
            // BGTaskScheduler runs the launch handler on the `using:` queue, a background queue of its own when nil.
            let queue = call.arguments.first { $0.label?.text == "using" }?.expression.trimmedDescription ?? "nil"
            return Self.isMainQueue(queue) ? .mainActorCode("a BGTaskScheduler launch handler on the main queue")
                : .background("a BGTaskScheduler launch handler on a background queue")
        case "async", "asyncAfter", "perform", "addOperation", "addBarrierBlock":
            // `Promise.async(on: detectionQueue) { }`, `.async(on: queue) { }`: a promise library's block on its queue.
            guard let receiver = receiverText else { return queueItIsHanded }
            if Self.isMainQueue(receiver) { return name == "addBarrierBlock" ? .inherits : .mainActorJob("\(receiver).\(name)") }
            guard name == "perform" else { return .background("a background queue") }
            // A managed object context runs `perform` on its own queue: the main queue for `viewContext`,
            // a private queue for a background context.
            return performsOnABackgroundContext ? .background("a Core Data background context") : .inherits
        case "setEventHandler", "setRegistrationHandler":
            // A dispatch source runs its handlers on the queue it was made with (`DispatchSource.makeTimerSource(queue:)`),
            // a global queue when none is given. Blind probe BYp: a downloads folder scanned from a timer source
            // on the monitor's own queue, read as main-actor work of a class under default isolation MainActor.
            guard let queues = sourceQueuesInTheFunction else { return .inherits }
            if queues.allSatisfy({ !Self.isMainQueue($0) }) { return .background("a dispatch source's handler on its queue") }
            return queues.allSatisfy(Self.isMainQueue) ? .mainActorJob("DispatchSource.\(name) (queue: .main)") : .inherits
        case let name where Self.namesABackgroundHop(name):
            return .background("a helper named for a background queue")
        case let name where Self.registersAHandler(name):
            // `server.addHandler(forMethod:pathRegex:request:processBlock:)`, `commandBuffer.addCompletedHandler { }`:
            // the handler is kept and called when a request or an event comes, on the queue of the API that
            // calls it (blind round BH: a web server's `/logo` handler, read as work done when the server starts).
            return .background("a handler it registers, called later")
        default:
            return queueItIsHanded
        }
    }

    /// `DirectoryWatcher(urls: urls, queue: watchQueue) { ... }`: an API handed a queue (an argument labelled
    /// `queue:`) runs the closures it is handed there, the convention of Dispatch and Foundation
    /// (`addObserver(queue:)`, `makeTimerSource(queue:)`) that apps' own watchers follow (blind probe BYp: a
    /// downloads monitor's folder scans, read as main-actor work). A queue whose name says main (`mainQueue`)
    /// or none (`queue: nil`) decides nothing. So does a queue handed as `on:` (`Promise.async(on: workQueue) { }`,
    /// `promise.then(on: .global()) { }`; blind round CU: a QR detector run on its detection queue by a
    /// promise library, read as main-actor work), when the value names a queue: `on:` labels much else.
    private var queueItIsHanded: ClosureRole {
        // The main queue handed as `on:` is left to what the function does with it (`ClosureForwarding`).
        let handed = call.arguments.first { $0.label?.text == "queue" }?.expression.trimmedDescription
            ?? call.arguments.first { $0.label?.text == "on" }?.expression.trimmedDescription
                .nilUnless { Self.namesAQueue($0) && !Self.isMainQueue($0) }
        guard let queue = handed, queue != "nil" else { return .inherits }
        if Self.isMainQueue(queue) { return .mainActorJob("\(name)(queue: \(queue))") }
        return queue.containsCaseInsensitive("main") ? .inherits : .background("the queue it is handed")
    }

    /// An app's own dispatch helper named for where it runs the block: `OnBackgroundQueue { }`,
    /// `runInBackground { }`, `performInBackground { }`. Not SwiftUI's `.background { }` or `setBackground`.
    static func namesABackgroundHop(_ name: String) -> Bool {
        guard name.count > "background".count, name.containsCaseInsensitive("background") else { return false }
        let lowered = name.lowercased()
        return ["on", "run", "perform", "do", "dispatch", "execute", "async", "in"].contains { lowered.hasPrefix($0) }
    }

    /// `addHandler`, `addGETHandler`, `addCompletedHandler`, `addEventHandler`: a method that registers the
    /// closure it is handed, by its name. Not `addHandlerIfNeeded`, which names no handler it is handed.
    static func registersAHandler(_ name: String) -> Bool {
        name.hasPrefix("add") && (name.hasSuffix("Handler") || name.hasSuffix("Handlers"))
    }

    /// Alamofire's response handlers, which run on the main queue unless handed a `queue:`.
    static let alamofireResponseHandlers: [StaticString] = ["responseJSON", "responseDecodable", "responseData", "responseString", "responsePropertyList"]

    /// `workQueue`, `self.detectionQueue`, `.global()`, `DispatchQueue.global(qos: .utility)`.
    static func namesAQueue(_ text: String) -> Bool {
        text.lowercased().hasSuffix("queue") || text.hasPrefix(".global(") || text.hasPrefix("DispatchQueue.global(")
    }

    static func isMainQueue(_ receiver: String) -> Bool {
        return receiver == "DispatchQueue.main" || receiver == "OperationQueue.main" || receiver == "RunLoop.main"
            || receiver == ".main"
    }

    /// The queues of the dispatch sources the enclosing function makes (`DispatchSource.makeTimerSource(queue: q)`,
    /// `"nil"` when it names none), or nil when it makes none: the source being set up is made elsewhere.
    private var sourceQueuesInTheFunction: [String]? {
        guard let function = Syntax(call).enclosingFunction else { return nil }
        let queues = function.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            guard case .identifier(let name) = token.tokenKind, name.hasPrefix("make"), name.hasSuffix("Source"),
                  let made = token.parent?.parent?.as(MemberAccessExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self),
                  made.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription == "DispatchSource" else { return nil }
            return made.arguments.first { $0.label?.text == "queue" }?.expression.trimmedDescription ?? "nil"
        }
        return queues.isEmpty ? nil : queues
    }

    /// `perform` called on a context made by `newBackgroundContext()`: directly, through a local
    /// constant initialised with it in an enclosing scope, or through a name that says so
    /// (`backgroundContext`), the way `semaphore` names a `DispatchSemaphore`.
    private var performsOnABackgroundContext: Bool {
        guard let receiver else { return false }
        if receiver.isNewBackgroundContextCall { return true }
        guard let name = receiver.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? receiver.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return false }
        if name.containsCaseInsensitive("background") { return true }
        return Syntax(call).hasLocal(named: name, initialisedWith: \.isNewBackgroundContextCall)
    }
}

private extension ExprSyntax {
    /// `container.newBackgroundContext()` (or `try` of it).
    var isNewBackgroundContextCall: Bool {
        if let tried = self.as(TryExprSyntax.self) { return tried.expression.isNewBackgroundContextCall }
        guard let call = self.as(FunctionCallExprSyntax.self) else { return false }
        return CalledName(call)?.name == "newBackgroundContext"
    }

}

extension ExprSyntax {
    /// `Task` or `Task<Success, Failure>`.
    var isTaskType: Bool {
        let type = self.as(GenericSpecializationExprSyntax.self)?.expression ?? self
        return type.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
    }
}

extension CalledName {
    /// `Task.detached { }`, `Task<Void, Never>.detached(priority:) { }`: the one place that recognises a
    /// detached task (`SourceMentions` only pre-checks its tokens).
    var startsDetachedTask: Bool { name == "detached" && receiver?.isTaskType == true }
}

/// Delegate callbacks that Apple's frameworks call on a queue the app names when it registers the
/// delegate, which is a background queue in practice: `SCStream.addStreamOutput(_:type:sampleHandlerQueue:)`,
/// `AVCaptureVideoDataOutput.setSampleBufferDelegate(_:queue:)`. A main-actor type's implementation of
/// one still runs there, not on the main thread.
///
/// ```swift
/// print(BackgroundDelegateCallbacks.isCallback(named: "captureOutput", labels: ["_", "didOutput", "from"])) // true
/// ```
enum BackgroundDelegateCallbacks {
    /// Handler properties that Foundation calls on a thread of its own, never the main thread:
    /// `FileHandle`'s (`pipe.fileHandleForReading.readabilityHandler = onOutput`) and
    /// `Process.terminationHandler` ("not guaranteed to run on any particular thread"; in practice a
    /// background one). A closure literal or a method assigned to one runs there (blind round AT: a
    /// codesign check's output read in `proc.terminationHandler = { _ in ... }`).
    static let backgroundHandlers: Set<String> = ["readabilityHandler", "writeabilityHandler", "terminationHandler"]

    /// Base name, then the argument labels after the first parameter's.
    static let callbacks: [String: [[String]]] = [
        "stream": [["didOutputSampleBuffer", "of"]],
        "captureOutput": [["didOutput", "from"], ["didDrop", "from"]],
        "dataOutputSynchronizer": [["didOutput"]],
    ]

    static func isCallback(named name: String, labels: [String]) -> Bool {
        guard let signatures = callbacks[name] else { return false }
        return signatures.contains { Array(labels.dropFirst()) == $0 }
    }

    /// A function that answers an authentication challenge (a parameter of type `URLAuthenticationChallenge`):
    /// `URLSession` calls its delegate's challenge methods on the session's delegate queue, a serial background
    /// queue unless the session was made with the main queue, and libraries that forward them (Kingfisher's
    /// `AuthenticationChallengeResponsible`, Alamofire's trust evaluators) call them there too. Blind round CS:
    /// a view controller answering an image downloader's challenge waited on a semaphore for the user's
    /// decision, which only works off the main thread. Not where the file hands a session the main queue
    /// (`delegateQueue: .main`, `OperationQueue.main`).
    static func answersAChallengeOffTheMainQueue(_ function: FunctionDeclSyntax) -> Bool {
        guard function.signature.parameterClause.parameters.contains(where: { parameter in
            // `URLAuthenticationChallenge`, optional or not: read from the type's node, not its text (every
            // function's parameters are asked, and spelling each type out was a fiftieth of a lint).
            var type = parameter.type
            while true {
                if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType; continue }
                if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = unwrapped.wrappedType; continue }
                break
            }
            guard let named = type.as(IdentifierTypeSyntax.self) else { return false }
            return named.genericArgumentClause == nil && named.name.text == "URLAuthenticationChallenge"
        }) else { return false }
        let text = function.root.description
        return !text.contains("OperationQueue.main") && !text.contains("delegateQueue: .main")
    }
}

extension Syntax {
    /// In a function or initializer that asserts it is not on the main thread
    /// (`dispatchPrecondition(condition: .notOnQueue(.main))`, `assert(!Thread.isMainThread)`), or in a
    /// delegate callback that runs on a background queue (`BackgroundDelegateCallbacks`: a camera output's
    /// sample buffers, an authentication challenge), or in a C callback
    /// that a display link or an audio unit calls on its own thread (`CCallbacks.runsOnItsOwnThread`): the
    /// code runs off the main thread whatever the enclosing type's isolation says.
    var isDeclaredOffTheMainThread: Bool {
        let statements: CodeBlockItemListSyntax
        let boundary = enclosingFunction
        if let function = boundary?.as(FunctionDeclSyntax.self) {
            let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
            if BackgroundDelegateCallbacks.isCallback(named: function.name.text, labels: labels) { return true }
            if CCallbacks.runsOnItsOwnThread(function) { return true }
            if BackgroundDelegateCallbacks.answersAChallengeOffTheMainQueue(function) { return true }
            guard let body = function.body?.statements else { return false }
            statements = body
        } else if let initializer = boundary?.as(InitializerDeclSyntax.self), let body = initializer.body?.statements {
            // `init(url:) { precondition(!Thread.isMainThread); ... }`: a source that waits for its index (blind round AU).
            statements = body
        } else {
            return false
        }
        return statements.prefix(3).contains { item in
            guard let call = item.item.as(FunctionCallExprSyntax.self), let called = CalledName(call) else { return false }
            switch called.name {
            case "dispatchPrecondition":
                let text = call.arguments.trimmedDescription.filter { !$0.isWhitespace }
                return text.contains("notOnQueue(.main)") || text.contains("notOnQueue(DispatchQueue.main)")
            case "assert", "precondition":
                // The condition only: `assert(!Thread.isMainThread, "\(#function) must not run on main")`.
                let condition = call.arguments.first?.expression.trimmedDescription.filter { !$0.isWhitespace } ?? ""
                return ["!Thread.isMainThread", "!Thread.current.isMainThread", "Thread.isMainThread==false"].contains(condition)
            default: return false
            }
        }
    }
}

/// Reactive streams (SwiftSignalKit, ReactiveSwift, RxSwift). The closures a stream is built from run when
/// it is subscribed to or delivers a value, on the queue its operators choose (`|> runOn(queue)`,
/// `|> deliverOn(threadPool)`, `subscribe(on:)`), not where the stream is built. A function that returns
/// `signal |> map { decode($0) }` does no decoding itself (blind round AG: 17 of Telegram's 21 findings
/// followed such functions into work a thread pool or a resources queue did). Where the closures run is
/// not settled here: they are only not the building function's work.
///
/// ```swift
/// // import SwiftSignalKit
/// // func thumbnail(_ data: Signal<Data, NoError>) -> Signal<CGImage?, NoError> {
/// //     data |> map { decodeThumbnail($0) }       // runs when `data` delivers
/// // }
/// ReactiveStreams.runsItsClosuresLater(CalledName(call)!)  // true for `map { ... }` after `|>`
/// ```
enum ReactiveStreams {
    /// Libraries whose `|>` applies a stream operator, and their stream types, whose initialiser takes the
    /// stream's body (`Signal { subscriber in ... }`, `SignalProducer { observer, lifetime in ... }`).
    static let pipeLibraries: Set<String> = ["SwiftSignalKit", "ReactiveSwift", "ReactiveCocoa"]
    static let streamTypes: Set<String> = ["Signal", "SignalProducer"]
    /// RxSwift's streams, whose `create { observer in ... }` body runs per subscription.
    static let rxLibraries: Set<String> = ["RxSwift"]
    static let rxTypes: Set<String> = ["Observable", "Single", "Completable", "Maybe"]
    static let pipe = "|>"

    /// A closure handed to this call is part of a stream: the body of `Signal { }` or `Observable.create { }`,
    /// or an operator applied with the pipe (`signal |> map { }`), in a file that imports the library.
    static func runsItsClosuresLater(_ called: CalledName) -> Bool {
        let call = Syntax(called.call)
        if called.receiver == nil, !called.isImplicitMember, streamTypes.contains(called.name) { return call.fileImports(pipeLibraries) }
        // `CalledName` reads `Observable<Int>.create` with the receiver `Observable`.
        if called.name == "create", let receiver = called.receiverText, rxTypes.contains(receiver) { return call.fileImports(rxLibraries) }
        return call.isPipedOperand && call.fileImports(pipeLibraries)
    }
}

private extension Syntax {
    /// `map { }` in `signal |> map { }`: the right operand of the stream pipe.
    var isPipedOperand: Bool {
        sequenceElementsBefore?.last?.as(BinaryOperatorExprSyntax.self)?.operator.text == ReactiveStreams.pipe
    }

    /// The file this node is in imports one of `modules` (`import SwiftSignalKit`).
    func fileImports(_ modules: Set<String>) -> Bool {
        guard let file = root.as(SourceFileSyntax.self) else { return false }
        return file.statements.contains { item in
            item.item.as(ImportDeclSyntax.self)?.path.first.map { modules.contains($0.name.text) } == true
        }
    }
}

private extension String {
    /// The string when it passes `test`, else nil.
    func nilUnless(_ test: (String) -> Bool) -> String? { test(self) ? self : nil }
}
