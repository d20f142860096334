import LocalAuthentication
import Photos
import UIKit
import UserNotifications

@MainActor
final class PermissionsCoordinator {
    private(set) var photoStatus: PHAuthorizationStatus = .notDetermined
    private(set) var notificationsAllowed = false
    private(set) var unlocked = false
    private var observers: [NSObjectProtocol] = []
    private let backgroundQueue = OperationQueue()
    private static let snapshotURL = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot.json")

    func requestPhotos() {
        // Photos calls the handler on an arbitrary background queue.
        PHPhotoLibrary.requestAuthorization(for: .readWrite) { status in
            let cached = try? Data(contentsOf: Self.snapshotURL)
            DispatchQueue.main.async {
                self.photoStatus = status
                print(cached?.count ?? 0)
            }
        }
    }

    func refreshNotificationSettings() {
        UNUserNotificationCenter.current().getNotificationSettings { settings in
            let log = try? String(contentsOf: Self.snapshotURL, encoding: .utf8)
            DispatchQueue.main.async {
                self.notificationsAllowed = settings.authorizationStatus == .authorized && log != nil
            }
        }
    }

    func unlock() {
        let context = LAContext()
        context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock your journal") { success, _ in
            let data = try? Data(contentsOf: Self.snapshotURL)
            Task { @MainActor in
                self.unlocked = success && data != nil
            }
        }
    }

    func observeSystemEvents() {
        observers.append(NotificationCenter.default.addObserver(
            forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: .main
        ) { _ in
            let snapshot = try? Data(contentsOf: Self.snapshotURL) // expect-low-cost: sync_work_in_main_actor_task
            print(snapshot?.count ?? 0)
        })
        observers.append(NotificationCenter.default.addObserver(
            forName: .NSCalendarDayChanged, object: nil, queue: backgroundQueue
        ) { _ in
            let log = try? String(contentsOf: Self.snapshotURL, encoding: .utf8)
            print(log ?? "")
        })
    }
}
