import UIKit

final class PhotoViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let data = try? Data(contentsOf: URL(fileURLWithPath: "/tmp/photo.heic"))
        let image = data.flatMap { UIImage(data: $0) }
        print(image as Any)
    }
}
