// IoT gateway uplink: pushes batches of sensor readings to the collector over
// short-lived TCP sockets guarded by a ScopeExit that closes the socket, and
// keeps a long-lived UplinkSession whose destructor closes its socket if it
// still holds one (sock_ >= 0). reconnect() closes the current socket first;
// when dialing the replacement fails it returns early with the old, already
// closed number still in sock_, so destroying the session closes it again.
#include <arpa/inet.h>
#include <cstdint>
#include <memory>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>
#include <vector>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (active_)
      fn_();
  }
  void dismiss() { active_ = false; }

private:
  F fn_;
  bool active_ = true;
};
template <typename F> ScopeExit<F> makeScopeExit(F fn) { return ScopeExit<F>(std::move(fn)); }

struct Endpoint {
  std::string ip;
  uint16_t port;
};
struct Reading {
  std::string sensor;
  double value;
};
struct PushStats {
  int pushes = 0;
  int failures = 0;
};

static int dialCollector(const Endpoint &ep) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(ep.port);
  ::inet_pton(AF_INET, ep.ip.c_str(), &addr.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

static bool sendAll(int fd, const std::string &data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n <= 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

static std::string encode(const std::vector<Reading> &batch) {
  std::string out;
  for (const Reading &r : batch)
    out += r.sensor + "=" + std::to_string(r.value) + "\n";
  return out;
}

void pushBatch(const Endpoint &ep, const std::vector<Reading> &batch, PushStats &stats) {
  int sock = dialCollector(ep);
  if (sock < 0) {
    ++stats.failures;
    return;
  }
  auto closeSock = makeScopeExit([sock] { ::close(sock); }); // SAME: push_guard
  if (!sendAll(sock, encode(batch))) {
    ++stats.failures;
    return;
  }
  // Release the socket before updating the counters.
  ::close(sock);
  ++stats.pushes;
} // BUG: double-close #push_guard

void pushAlarm(const Endpoint &ep, const Reading &alarm, PushStats &stats) {
  int sock = dialCollector(ep);
  if (sock < 0)
    return;
  auto closeSock = makeScopeExit([sock] { ::close(sock); });
  bool sent = sendAll(sock, "ALARM " + alarm.sensor + "\n");
  closeSock.dismiss();
  if (::close(sock) != 0) // OK: the guard was dismissed, this is the only close
    sent = false;
  if (sent)
    ++stats.pushes;
  else
    ++stats.failures;
} // OK: dismissed guard does not close

class UplinkSession {
public:
  explicit UplinkSession(Endpoint ep) : ep_(std::move(ep)), sock_(dialCollector(ep_)) {}
  ~UplinkSession() {
    if (sock_ >= 0)
      ::close(sock_); // SAME: uplink_dtor
  }
  bool connected() const { return sock_ >= 0; }
  bool send(const std::string &line) { return sock_ >= 0 && sendAll(sock_, line); }

  bool reconnect() {
    ::close(sock_);
    int fresh = dialCollector(ep_);
    if (fresh < 0)
      return false;
    sock_ = fresh;
    return true;
  }

private:
  Endpoint ep_;
  int sock_;
};

int main() {
  Endpoint collector{"10.20.0.5", 7070};
  PushStats stats;
  pushBatch(collector, {{"t1", 21.5}, {"h1", 40.0}}, stats);
  pushAlarm(collector, {"smoke-2", 1.0}, stats);

  auto session = std::make_unique<UplinkSession>(collector);
  if (session->connected() && !session->send("HELLO gw-17\n")) {
    if (!session->reconnect()) {
      session.reset(); // BUG: double-close #uplink_dtor
      return 1;
    }
  }
  return 0;
}
