// DNS-over-TCP listener: accept thread, per-client sessions, idle timers.
#include "dnscache/tcp_listener.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "dnscache/fd_util.h"
#include "dnscache/logging.h"
#include "dnscache/socket_options.h"

namespace dnscache {

namespace {
constexpr int kReadTimeoutMs = 200;   // one turn of a session on a worker
constexpr int kSendTimeoutMs = 2000;
constexpr int kFramesPerTurn = 8;
} // namespace

TcpListener::TcpListener(Options opts, std::shared_ptr<SessionTable> sessions, ThreadPool &pool,
                         TimerWheel &timers, Metrics &metrics, QueryHandler handler)
    : opts_(std::move(opts)), sessions_(std::move(sessions)), pool_(pool), timers_(timers),
      metrics_(metrics), handler_(std::move(handler)) {}

TcpListener::~TcpListener() {
  stop(); // OK: stop() closes the listening socket at most once (listenClosed_ exchange)
}

bool TcpListener::open() {
  sockaddr_storage addr{};
  socklen_t len = 0;
  if (!parseAddress(opts_.address, addr, len)) {
    logError("tcp: bad listen address %s", opts_.address.c_str());
    return false;
  }
  const int fd = ::socket(addr.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0)
    return false;
  if (!bindOrClose(fd, addr, len)) {
    logError("tcp: bind %s: %s", opts_.address.c_str(), std::strerror(errno));
    return false;
  }
  if (::listen(fd, opts_.backlog) != 0) {
    logError("tcp: listen: %s", std::strerror(errno));
    closeQuietly(fd);
    return false;
  }
  int pipeFds[2];
  if (::pipe2(pipeFds, O_CLOEXEC | O_NONBLOCK) != 0) {
    closeQuietly(fd);
    return false;
  }
  listenFd_ = fd;
  wakeRead_ = pipeFds[0];
  wakeWrite_ = pipeFds[1];
  // Reserved descriptor, given up briefly when we run out (see acceptOne()).
  spareFd_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  return true;
}

void TcpListener::start() {
  running_ = true;
  thread_ = std::thread([this] { acceptLoop(); });
  // Accept-queue depth for the dashboard: on a listening socket tcpi_unacked
  // is the number of connections waiting for accept().
  backlogTimer_ = timers_.every(std::chrono::seconds(5), [this] {
    tcp_info info{};
    socklen_t len = sizeof info;
    if (::getsockopt(listenFd_, IPPROTO_TCP, TCP_INFO, &info, &len) == 0) // BUG: use-after-close #backlog — stop() closes listenFd_ but never cancels backlogTimer_; the wheel keeps firing this on its thread until Server::stop() stops the wheel
      metrics_.setAcceptBacklog(info.tcpi_unacked);
  });
}

void TcpListener::acceptLoop() {
  pollfd fds[2] = {{listenFd_, POLLIN, 0}, {wakeRead_, POLLIN, 0}};
  while (running_.load()) {
    const int rc = ::poll(fds, 2, 1000);
    if (rc < 0) {
      if (errno == EINTR)
        continue;
      logError("tcp: poll: %s", std::strerror(errno));
      break;
    }
    if (fds[1].revents)
      break; // stop() woke us
    if (fds[0].revents & POLLIN)
      acceptOne();
  }
}

void TcpListener::acceptOne() {
  const int cfd = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC); // OK: stop() closes listenFd_ only after joining this thread
  if (cfd < 0) {
    if (errno == EMFILE || errno == ENFILE) {
      // Out of descriptors: give up the spare, accept the client and drop it
      // so it does not sit in the backlog forever, then reserve again.
      closeAndReset(spareFd_);
      const int victim = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC);
      if (victim >= 0)
        ::close(victim); // OK: a different descriptor from the spare closed above
      spareFd_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    }
    return;
  }
  if (!configureClientSocket(cfd, kReadTimeoutMs, kSendTimeoutMs)) {
    logWarn("tcp: dropping client %s: %s", describePeer(cfd).c_str(), std::strerror(errno)); // BUG: use-after-close #peerlog — configureClientSocket() already closed cfd on failure
    return;
  }
  if (sessions_->size() >= opts_.maxSessions) {
    metrics_.tcpRejected();
    closeQuietly(cfd);
    return;
  }
  auto session = std::make_shared<TcpSession>(nextId_++, cfd, describePeer(cfd)); // OK: the closeQuietly() branch above returns
  sessions_->add(session);
  metrics_.tcpAccepted();
  armIdleTimer(session);
  // Hard cap on a connection's age. A weak reference: this timer must not keep
  // a finished session alive for ten minutes.
  timers_.schedule(opts_.maxLifetime, [weak = std::weak_ptr<TcpSession>(session)] {
    if (auto s = weak.lock())
      s->close(); // OK: close() is idempotent; the session may already be closed by its task or the idle timer
  });
  pool_.submit([this, session] { serveSession(session); }); // OK: the pool is shut down only after this accept thread has been joined
}

void TcpListener::serveSession(const std::shared_ptr<TcpSession> &session) {
  std::string frame;
  for (int turn = 0; turn < kFramesPerTurn; ++turn) {
    switch (session->readFrame(frame)) { // OK: readFrame() reports Closed once the idle timer closed the session
    case TcpSession::ReadResult::Frame: {
      const std::string reply = handler_(frame, session->peer());
      if (!reply.empty() && !session->trySend(reply)) { // OK: trySend() returns false once the session is closed
        sessions_->remove(session->id());
        return;
      }
      break;
    }
    case TcpSession::ReadResult::Timeout:
      requeue(session);
      return;
    case TcpSession::ReadResult::Closed:
      // Client EOF, a socket error, or the idle timer got there first.
      sessions_->remove(session->id());
      return;
    }
  }
  requeue(session);
}

void TcpListener::requeue(std::shared_ptr<TcpSession> session) {
  // Give other clients a turn on the workers.
  if (!pool_.trySubmit([this, session] { serveSession(session); })) // OK: trySubmit() returns false once shutdown() closed the queue
    sessions_->remove(session->id());
}

void TcpListener::armIdleTimer(std::shared_ptr<TcpSession> session) {
  // The timer holds a reference: the session object outlives its table entry
  // until the timer has fired.
  timers_.schedule(opts_.idleTimeout, [this, session] {
    if (!session->isOpen())
      return;
    if (session->idleFor() < opts_.idleTimeout) {
      armIdleTimer(session);
      return;
    }
    logDebug("tcp: closing idle session %d from %s", session->id(), session->peer().c_str());
    // Orderly close: FIN first so the client does not see a reset.
    session->shutdownWrite(); // BUG: use-after-close #idlerace — the isOpen() check above is not atomic with this call: the serving task can close the session through SessionTable::remove() in between, and shutdownWrite() then throws on the timer thread
    session->close(); // OK: close() is idempotent, so losing the race to remove() here is harmless
  });
}

void TcpListener::stop() {
  if (running_.exchange(false)) {
    const char b = 1;
    const ssize_t rc = ::write(wakeWrite_, &b, 1);
    (void)rc;
    if (thread_.joinable())
      thread_.join();
  }
  if (!listenClosed_.exchange(true) && listenFd_ >= 0) {
    ::close(listenFd_); // SAME: backlog
    closeAndReset(wakeRead_); // OK: the accept thread that polled it has been joined
    closeAndReset(wakeWrite_);
    closeAndReset(spareFd_);
  }
}

} // namespace dnscache
