public final class Store {}
