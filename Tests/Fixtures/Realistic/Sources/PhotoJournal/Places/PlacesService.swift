import CoreLocation
import Foundation

protocol PlacesServiceDelegate: AnyObject {
    func placesDidChange(_ places: [String])
}

/// Delegate callbacks arrive on the thread that created the manager; this service is not main-actor.
final class PlacesService: NSObject, CLLocationManagerDelegate {
    weak var delegate: PlacesServiceDelegate?
    private let manager = CLLocationManager()
    private let geocoder = CLGeocoder()
    private var cachedPlaces = Data()
    private(set) var currentPlace: String?

    override init() {
        super.init()
        manager.delegate = self
    }

    func start() {
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let location = locations.last else { return }
        geocoder.reverseGeocodeLocation(location) { placemarks, _ in
            self.currentPlace = placemarks?.first?.name
            let names = placemarks?.compactMap(\.name) ?? []
            DispatchQueue.main.async {
                self.delegate?.placesDidChange(names)
            }
        }
        let cached = cachedPlaces
        Task { @MainActor in
            let json = try? JSONSerialization.jsonObject(with: cached) as? [String] // expect-low-cost: sync_work_in_main_actor_task
            self.delegate?.placesDidChange(json ?? [])
        }
    }

    /// For the widget extension, which calls it from its own background queue.
    func currentPlaceSynchronously() -> String? {
        let semaphore = DispatchSemaphore(value: 0)
        var name: String?
        geocoder.geocodeAddressString("Current") { placemarks, _ in
            name = placemarks?.first?.name
            semaphore.signal()
        }
        _ = semaphore.wait(timeout: .now() + 2)
        return name
    }
}

@MainActor
final class PlacesViewModel: ObservableObject, PlacesServiceDelegate {
    @Published private(set) var places: [String] = []
    private let service = PlacesService()

    func start() {
        service.delegate = self
        service.start()
    }

    func placesDidChange(_ places: [String]) {
        self.places = places.sorted()
    }
}
