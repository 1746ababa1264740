// Telemetry client for an embedded gateway. It connects to the collector over
// TCP with retries, pushes readings, and reconnects when the collector drops
// the connection. Raw POSIX sockets: writing to a closed descriptor fails
// with EBADF (or hits an unrelated file that reused the number), and closing
// a descriptor twice may close a descriptor another thread just opened.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

namespace {

sockaddr_in collectorAddress(const char *Ip, unsigned short Port) {
  sockaddr_in Addr{};
  Addr.sin_family = AF_INET;
  Addr.sin_port = htons(Port);
  ::inet_pton(AF_INET, Ip, &Addr.sin_addr);
  return Addr;
}

// Defect: when every attempt fails, the loop exits with Fd still holding the
// descriptor closed on the last attempt instead of -1.
int connectWithRetry(const sockaddr_in &Addr, int Attempts) {
  int Fd = -1;
  for (int I = 0; I < Attempts; ++I) {
    Fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (Fd < 0)
      continue;
    if (::connect(Fd, reinterpret_cast<const sockaddr *>(&Addr), sizeof(Addr)) == 0)
      return Fd;
    ::close(Fd); // OK: a fresh socket is created on every attempt
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << I));
  }
  return Fd;
}

bool sendAll(int Fd, const std::string &Data) {
  size_t Off = 0;
  while (Off < Data.size()) {
    ssize_t N = ::send(Fd, Data.data() + Off, Data.size() - Off, MSG_NOSIGNAL); // SAME: stale
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    Off += static_cast<size_t>(N);
  }
  return true;
}

} // namespace

bool pushOnce(const sockaddr_in &Addr, const std::string &Reading) {
  int Fd = connectWithRetry(Addr, 3);
  if (Fd < 0)
    return false;
  if (!sendAll(Fd, Reading)) { // BUG: use-after-close #stale
    std::fprintf(stderr, "push failed: %s\n", std::strerror(errno));
    ::close(Fd); // BUG: double-close
    return false;
  }
  ::close(Fd); // OK: the connected descriptor is closed once
  return true;
}

// The link is shared by the main loop, which pushes readings and reconnects
// when the collector drops the connection, and the watchdog thread, which
// sends a heartbeat every 200 ms.
class TelemetryLink {
public:
  explicit TelemetryLink(sockaddr_in Addr) : Addr(Addr) {}
  ~TelemetryLink() {
    if (Fd >= 0)
      ::close(Fd); // OK: Fd is reset to -1 after every other close
  }

  bool connect() {
    int NewFd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (NewFd < 0)
      return false;
    if (::connect(NewFd, reinterpret_cast<const sockaddr *>(&Addr), sizeof(Addr)) != 0) {
      ::close(NewFd); // OK: the failed socket is closed once and never stored
      return false;
    }
    Fd = NewFd;
    return true;
  }

  bool reconnect() {
    if (Fd >= 0) {
      ::close(Fd); // SAME: hb
      Fd = -1;
    }
    return connect();
  }

  bool push(const std::string &Reading) {
    if (Fd < 0 && !connect())
      return false;
    if (::send(Fd, Reading.data(), Reading.size(), MSG_NOSIGNAL) >= 0) // OK: Fd is -1 after every close, so it is open here
      return true;
    if (!reconnect())
      return false;
    return ::send(Fd, Reading.data(), Reading.size(), MSG_NOSIGNAL) >= 0; // OK: reconnect() succeeded, Fd is the new socket
  }

  // Defect: the watchdog reads Fd without any synchronisation with the main
  // loop; reconnect() can close the descriptor between the check and send().
  void heartbeat() {
    static const char Beat[] = "HB\n";
    int Current = Fd;
    if (Current < 0)
      return;
    ::send(Current, Beat, sizeof(Beat) - 1, MSG_NOSIGNAL); // BUG: use-after-close #hb
  }

private:
  sockaddr_in Addr;
  int Fd = -1;
};

int main() {
  sockaddr_in Addr = collectorAddress("127.0.0.1", 9123);
  pushOnce(Addr, "temp=21.5\n");

  TelemetryLink Link(Addr);
  std::atomic<bool> Running{true};
  std::thread Watchdog([&Link, &Running] {
    while (Running.load()) {
      Link.heartbeat();
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  });
  for (int I = 0; I < 50; ++I) {
    if (!Link.push("temp=" + std::to_string(20 + I % 5) + "\n"))
      std::fprintf(stderr, "reading %d dropped\n", I);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  Running = false;
  Watchdog.join();
  return 0;
}
