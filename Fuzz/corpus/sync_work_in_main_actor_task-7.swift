import UIKit

final class ProfileViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        Task {
            Thread.sleep(forTimeInterval: 1)
        }
    }
}
