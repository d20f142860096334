import UIKit

final class PhotoGridViewController: UICollectionViewController {
    private var photoURLs: [URL] = []
    private var thumbnails: [URL: UIImage] = [:]
    private let directory: URL

    init(directory: URL) {
        self.directory = directory
        super.init(collectionViewLayout: UICollectionViewFlowLayout())
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: PhotoCell.reuseIdentifier)
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .action, target: self,
                                                            action: #selector(shareTapped))
        reloadPhotos()
    }

    private func reloadPhotos() {
        let directory = directory
        DispatchQueue.global(qos: .userInitiated).async {
            let urls = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
            var made: [URL: UIImage] = [:]
            for url in urls where url.pathExtension == "heic" || url.pathExtension == "jpg" {
                made[url] = ImageResizer.thumbnail(at: url, maxPixelSize: 300)
            }
            DispatchQueue.main.async {
                self.photoURLs = urls.sorted { $0.lastPathComponent < $1.lastPathComponent }
                self.thumbnails = made
                self.collectionView.reloadData()
            }
        }
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        photoURLs.count
    }

    override func collectionView(_ collectionView: UICollectionView,
                                 cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: PhotoCell.reuseIdentifier,
                                                      for: indexPath) as! PhotoCell
        cell.configure(with: thumbnails[photoURLs[indexPath.item]])
        return cell
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let url = photoURLs[indexPath.item]
        guard let image = UIImage(contentsOfFile: url.path) else { return } // expect: blocking_call_on_main_actor
        let editor = EditorViewController(image: image, sourceURL: url)
        navigationController?.pushViewController(editor, animated: true)
    }

    @objc private func shareTapped() {
        guard let selected = collectionView.indexPathsForSelectedItems?.first else { return }
        let sheet = UIActivityViewController(activityItems: [photoURLs[selected.item]], applicationActivities: nil)
        present(sheet, animated: true)
    }
}

final class PhotoCell: UICollectionViewCell {
    static let reuseIdentifier = "PhotoCell"
    private let imageView = UIImageView()
    private var loadTask: Task<Void, Never>?

    override init(frame: CGRect) {
        super.init(frame: frame)
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        contentView.addSubview(imageView)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = contentView.bounds
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        loadTask?.cancel()
        imageView.image = nil
    }

    func configure(with image: UIImage?) {
        imageView.image = image
    }

    func configure(remote url: URL) {
        loadTask = Task {
            let image = try? await ImageLoader.shared.load(url)
            guard !Task.isCancelled else { return }
            imageView.image = image
        }
    }
}
