import UIKit

/// 2018-era networking: completions arrive on URLSession's delegate queue, callers hop to main.
final class LegacyAvatarService {
    private let session = URLSession(configuration: .default)

    func downloadAvatar(for userID: String, completion: @escaping (Data?) -> Void) {
        let url = URL(string: "https://api.photojournal.app/v1/users/\(userID)/avatar")!
        session.dataTask(with: url) { data, _, _ in
            completion(data)
        }.resume()
    }

    func cachedAvatar(for userID: String, completion: @escaping (Data?) -> Void) {
        DispatchQueue.global(qos: .utility).async {
            let path = NSTemporaryDirectory() + "avatar-\(userID)"
            completion(FileManager.default.contents(atPath: path))
        }
    }
}

final class AvatarViewController: UIViewController {
    private let imageView = UIImageView()
    private let service = LegacyAvatarService()
    var userID = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(imageView)
        service.cachedAvatar(for: userID) { data in
            let image = data.flatMap { UIImage(data: $0) }?.preparingThumbnail(of: CGSize(width: 120, height: 120))
            DispatchQueue.main.async {
                self.imageView.image = image
            }
        }
        service.downloadAvatar(for: userID) { [weak self] data in
            guard let data, let image = UIImage(data: data) else { return }
            let thumbnail = image.preparingThumbnail(of: CGSize(width: 120, height: 120))
            DispatchQueue.main.async {
                self?.imageView.image = thumbnail
            }
        }
    }
}
