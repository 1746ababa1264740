// Gateway implementation: acceptor thread, one reader thread per client,
// order handling on the shared I/O pool, heartbeats on the scheduler.
// Planted defects: stop() closes the listening socket while the acceptor may still be
// about to accept() on it, and the destructor closes it a second time; the
// refusal notice is written after the client fd was closed; a malformed order
// is rejected after failProtocol() closed the session; heartbeat timers keep
// firing after logout; readers post to the I/O pool that main() stops first.
#include "matchd/gateway.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/time.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "matchd/net_util.h"
#include "matchd/scope_guard.h"

namespace matchd {

namespace {
const char *const kBanner = "MATCHD 1.0 ready\n";
const char *const kServerFull = "REJECT server full\n";
constexpr int kAcceptTimeoutMs = 200;

bool startsWith(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }
} // namespace

Gateway::Gateway(const GatewayConfig &cfg, SessionRegistry &reg, Engine &engine, WorkerPool &ioPool,
                 Scheduler &sched)
    : cfg_(cfg), reg_(reg), engine_(engine), pool_(ioPool), sched_(sched) {}

Gateway::~Gateway() {
  stop(); // OK: stop() returns at once when the gateway is not running
  if (listenFd_ >= 0) ::close(listenFd_); // BUG: double-close
}

void Gateway::start() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw IoError(std::string("gateway: socket: ") + std::strerror(errno));
  auto closeOnError = makeScopeGuard([fd] {
    ::close(fd); // OK: only runs when start() throws; dismissed once listenFd_ owns the fd
  });
  int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  timeval acceptTimeout{};
  acceptTimeout.tv_usec = kAcceptTimeoutMs * 1000;
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &acceptTimeout, sizeof acceptTimeout);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_ANY);
  addr.sin_port = htons(cfg_.port);
  if (::bind(fd, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0)
    throw IoError(std::string("gateway: bind: ") + std::strerror(errno));
  if (::listen(fd, 128) != 0) throw IoError(std::string("gateway: listen: ") + std::strerror(errno));
  closeOnError.dismiss();
  listenFd_ = fd;
  running_ = true;
  acceptor_ = std::thread([this] { acceptLoop(); });
  logInfo("gateway: listening on port " + std::to_string(cfg_.port));
}

void Gateway::acceptLoop() {
  while (running_) {
    const int cfd = ::accept(listenFd_, nullptr, nullptr); // BUG: use-after-close #acceptRace
    if (cfd < 0) {
      // SO_RCVTIMEO makes accept() return EAGAIN periodically so running_ is re-checked.
      if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)
        logError(std::string("gateway: accept: ") + std::strerror(errno));
      continue;
    }
    if (reg_.size() >= cfg_.maxSessions) {
      logInfo("gateway: session limit reached, refusing connection");
      ::close(cfd);
      ++refused_;
      writeFully(cfd, kServerFull); // BUG: use-after-close #refusal
      continue;
    }
    int one = 1;
    if (::setsockopt(cfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) != 0) {
      logError(std::string("gateway: TCP_NODELAY: ") + std::strerror(errno));
      ::close(cfd);
      continue;
    }
    try {
      writeFully(cfd, kBanner); // OK: the error paths above close cfd and continue
    } catch (const IoError &e) {
      logError(std::string("gateway: banner: ") + e.what());
      ::close(cfd); // OK: the banner write failed on an open fd; closed once, then the next client
      continue;
    }
    auto s = std::make_shared<Session>(TcpConnection(cfd));
    std::lock_guard<std::mutex> lk(readersMu_);
    readers_.emplace_back([this, s] { readLoop(s); });
  }
}

void Gateway::readLoop(std::shared_ptr<Session> s) {
  std::string pending;
  char buf[4096];
  while (running_) {
    std::optional<std::size_t> got;
    try {
      got = s->readSome(buf, sizeof buf); // OK: readSome() returns 0 once the session is closed (checked under its lock)
    } catch (const IoError &e) {
      logError(std::string("gateway: read: ") + e.what());
      break;
    }
    if (!got) continue; // poll timeout: re-check running_
    if (*got == 0) break; // peer EOF, or closed by logout/kick/stop
    pending.append(buf, *got);
    std::size_t pos;
    while ((pos = pending.find('\n')) != std::string::npos) {
      std::string line = pending.substr(0, pos);
      pending.erase(0, pos + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      try {
        dispatch(s, line);
      } catch (const IoError &e) {
        logError(std::string("gateway: write: ") + e.what());
        s->disconnect(); // OK: idempotent; the next readSome() then returns 0 and the loop ends
        break;
      }
    }
  }
  s->disconnect(); // OK: disconnect() is idempotent; logout, kick or stop may have closed it already
  reg_.erase(s->id(), s.get());
}

void Gateway::dispatch(const std::shared_ptr<Session> &s, const std::string &line) {
  if (startsWith(line, "LOGON ")) {
    const std::uint64_t account = std::strtoull(line.c_str() + 6, nullptr, 10);
    if (account == 0) {
      s->failProtocol("bad logon");
      return;
    }
    if (!s->logon(account)) {
      s->failProtocol("duplicate logon");
      return;
    }
    reg_.replace(account, s);
    startHeartbeat(s);
    return;
  }
  if (s->state() != Session::State::Active) {
    s->failProtocol("logon required");
    return;
  }
  if (line == "LOGOUT") {
    onLogout(s);
    return;
  }
  if (line == "HB") return;
  if (startsWith(line, "CXL ")) {
    const std::uint64_t orderId = std::strtoull(line.c_str() + 4, nullptr, 10);
    const bool ok = engine_.cancel(s->id(), orderId);
    s->trySendText(std::string(ok ? "CXLACK " : "CXLREJ ") + std::to_string(orderId)); // no-op on a closed session
    return;
  }
  if (startsWith(line, "ORD ")) {
    Order o;
    if (!parseOrderBody(line.substr(4), s->id(), o)) {
      s->failProtocol("malformed order");
      s->sendReject(0, "malformed order"); // BUG: use-after-close
      return;
    }
    pool_.post([this, s, o] { handleOrder(s, o); }); // BUG: use-after-close #poolOrder
    return;
  }
  s->failProtocol("unknown message type");
}

// Runs on the I/O pool.
void Gateway::handleOrder(const std::shared_ptr<Session> &s, const Order &o) {
  const RejectCode rc = engine_.submit(o);
  if (rc != RejectCode::None) {
    s->trySendText("REJECT " + std::to_string(o.id) + " " + rejectName(rc)); // trySendText() checks the state under the session lock
    return;
  }
  s->trySendText("ACK " + std::to_string(o.id)); // OK: the session may have been kicked meanwhile; trySendText() handles that
}

void Gateway::onLogout(const std::shared_ptr<Session> &s) {
  s->trySendText("LOGOUT ack"); // trySendText() is a no-op if a kick closed the session first
  s->disconnect(); // SAME: hbTick
  reg_.erase(s->id(), s.get()); // id() only reads the account number, it does not touch the socket
}

void Gateway::startHeartbeat(const std::shared_ptr<Session> &s) {
  sched_.scheduleEvery(cfg_.heartbeat, [s] {
    s->sendHeartbeat(); // BUG: use-after-close #hbTick
  });
  // Test request every third interval so half-open clients are noticed even when idle.
  std::weak_ptr<Session> weak = s;
  sched_.scheduleEvery(cfg_.heartbeat * 3, [weak] {
    auto live = weak.lock();
    if (!live) return;
    live->heartbeatIfActive(); // OK: heartbeatIfActive() checks Active under the session lock
  });
}

void Gateway::stop() {
  if (!running_.exchange(false)) return;
  ::close(listenFd_); // SAME: acceptRace
  if (acceptor_.joinable()) acceptor_.join();
  reg_.disconnectAll(); // readers see readSome() return 0 and exit
  std::vector<std::thread> readers;
  {
    std::lock_guard<std::mutex> lk(readersMu_);
    readers.swap(readers_);
  }
  for (auto &t : readers) {
    if (t.joinable()) t.join();
  }
  logInfo("gateway: stopped, refused " + std::to_string(refused_.load()) + " connections");
}

} // namespace matchd
