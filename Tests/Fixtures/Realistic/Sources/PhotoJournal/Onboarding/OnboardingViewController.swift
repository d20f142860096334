import AVFoundation
import UIKit

struct OnboardingPage: Decodable {
    let title: String
    let message: String
    let videoName: String
}

class OnboardingViewController: UIPageViewController, UIPageViewControllerDataSource {
    var pages: [OnboardingPage] = []
    var videoURLs: [URL] = []
    var controllers: [UIViewController] = []
    let downloadQueue = OperationQueue()

    override func viewDidLoad() {
        super.viewDidLoad()
        dataSource = self
        let path = Bundle.main.path(forResource: "onboarding", ofType: "json")!
        let json = try! String(contentsOfFile: path, encoding: .utf8) // a small bundled resource read once: not reported
        pages = try! JSONDecoder().decode([OnboardingPage].self, from: Data(json.utf8)) // expect-low-cost: blocking_call_on_main_actor
        controllers = pages.map { page in
            let controller = UIViewController()
            controller.title = page.title
            return controller
        }
        setViewControllers([controllers[0]], direction: .forward, animated: false)
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
            self.animateIn()
        }
        prefetchVideos()
    }

    func animateIn() {
        UIView.animate(withDuration: 0.3) {
            self.view.alpha = 1
        }
    }

    func prefetchVideos() {
        let names = pages.map(\.videoName)
        DispatchQueue.global(qos: .background).async {
            for name in names {
                let url = URL(string: "https://cdn.photojournal.app/onboarding/\(name).mp4")!
                if let data = try? Data(contentsOf: url) {
                    let local = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).mp4")
                    try? data.write(to: local)
                }
            }
        }
        downloadQueue.addOperation {
            let asset = AVURLAsset(url: URL(fileURLWithPath: "/tmp/intro.mp4"))
            print(asset.url)
        }
    }

    func reloadPages() {
        OperationQueue.main.addOperation {
            self.setViewControllers([self.controllers[0]], direction: .forward, animated: true)
        }
    }

    @IBAction func skipTapped(_ sender: Any) {
        UserDefaults.standard.set(true, forKey: "didFinishOnboarding")
        dismiss(animated: true)
    }

    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerBefore viewController: UIViewController) -> UIViewController? {
        guard let index = controllers.firstIndex(of: viewController), index > 0 else { return nil }
        return controllers[index - 1]
    }

    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerAfter viewController: UIViewController) -> UIViewController? {
        guard let index = controllers.firstIndex(of: viewController), index + 1 < controllers.count else { return nil }
        return controllers[index + 1]
    }
}
