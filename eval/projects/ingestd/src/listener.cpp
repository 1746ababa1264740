// Listener: accepts encoder connections and turns them into sessions.
#include "ingestd/listener.h"
#include "ingestd/handshake.h"
#include "ingestd/io_util.h"
#include "ingestd/log_file.h"
#include "ingestd/session_registry.h"
#include "ingestd/stats.h"
#include "ingestd/stream_authorizer.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>
#include <netinet/in.h>
#include <sys/socket.h>

namespace ingestd {

Listener::Listener(std::string address, int port, int handshakeTimeoutMs,
                   std::shared_ptr<SessionRegistry> registry,
                   std::shared_ptr<BoundedQueue<Frame>> keyframes, const StreamAuthorizer &auth,
                   LogFile &log, Stats &stats)
    : address_(std::move(address)), port_(port), handshakeTimeoutMs_(handshakeTimeoutMs),
      registry_(std::move(registry)), keyframes_(std::move(keyframes)), auth_(auth), log_(log),
      stats_(stats) {}

Listener::~Listener() {
  stop(); // OK: stop() is idempotent
}

bool Listener::start(Session::ChunkSink sink, StreamEndFn onStreamEnd) {
  UniqueFd sock(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!sock.valid()) {
    log_.warn("listener: socket() failed: %s", std::strerror(errno));
    return false;
  }
  int one = 1;
  ::setsockopt(sock.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port_));
  if (::inet_pton(AF_INET, address_.c_str(), &addr.sin_addr) != 1) {
    log_.warn("listener: bad listen address %s", address_.c_str());
    return false;
  }
  if (::bind(sock.get(), reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
      ::listen(sock.get(), 128) != 0) {
    log_.warn("listener: cannot listen on %s:%d: %s", address_.c_str(), port_, std::strerror(errno));
    return false;
  }
  sink_ = std::move(sink);
  onStreamEnd_ = std::move(onStreamEnd);
  listenFd_ = std::move(sock);
  running_.store(true);
  thread_ = std::thread([this] { acceptLoop(); });
  log_.info("listening for encoders on %s:%d", address_.c_str(), port_);
  return true;
}

void Listener::stop() {
  if (!running_.exchange(false))
    return;
  ::shutdown(listenFd_.get(), SHUT_RDWR); // makes the blocked accept() return
  if (thread_.joinable())
    thread_.join();
  listenFd_.close(); // OK: the accept thread was joined above
}

void Listener::acceptLoop() {
  while (running_.load()) {
    int cfd = ::accept4(listenFd_.get(), nullptr, nullptr, SOCK_CLOEXEC); // OK: listenFd_ is closed only after this thread is joined
    if (cfd < 0) {
      if (!running_.load())
        break;
      if (errno == EINTR || errno == ECONNABORTED)
        continue;
      log_.warn("accept failed: %s", std::strerror(errno));
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      continue;
    }
    try {
      handleConnection(cfd);
    } catch (const std::exception &e) {
      // One broken encoder must not take the listener down.
      log_.warn("encoder connection failed: %s", e.what());
    }
  }
}

void Listener::handleConnection(int cfd) {
  UniqueFd conn(cfd);
  Handshake hs;
  if (!readHandshake(conn.get(), hs, handshakeTimeoutMs_)) {
    io::closeQuietly(cfd);
    stats_.handshakeFailures.fetch_add(1);
    return; // BUG: double-close #hs_fail
  }
  if (!auth_.allowed(hs.streamKey, hs.secret)) {
    io::sendLine(conn.get(), "ERR unauthorized");
    conn.close();
    stats_.rejected.fetch_add(1);
    log_.info("rejected encoder for %s", hs.streamKey.c_str());
    return; // OK: close() emptied conn, its destructor does nothing
  }
  io::sendLine(conn.get(), "ACCEPT " + hs.streamKey);
  stats_.accepted.fetch_add(1);

  auto session = std::make_shared<Session>(std::move(conn), hs.streamKey, keyframes_);
  if (std::shared_ptr<Session> prev = registry_->replace(hs.streamKey, session)) {
    log_.info("stream %s reconnected, kicking the previous encoder", prev->streamKey().c_str()); // OK: streamKey() is a plain accessor
    prev->sendNotice("replaced by a newer connection"); // BUG: use-after-close
    stats_.kicks.fetch_add(1);
  }

  std::shared_ptr<SessionRegistry> registry = registry_;
  StreamEndFn onEnd = onStreamEnd_;
  session->start(sink_, [registry, onEnd](Session &s) {
    // Encoder hung up by itself: forget the session (unless it was already
    // replaced) and let the daemon finish the stream.
    if (registry->remove(s.streamKey(), &s) && onEnd)
      onEnd(s.streamKey());
  });
}

} // namespace ingestd
