// Health checking of the upstream resolvers.
#include "dnscache/health_checker.h"

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <random>
#include <sys/socket.h>
#include <unistd.h>

#include "dnscache/dns_message.h"
#include "dnscache/logging.h"
#include "dnscache/scope_guard.h"
#include "dnscache/socket_options.h"

namespace dnscache {

namespace {
uint16_t nextProbeId() {
  thread_local std::mt19937 rng{std::random_device{}()};
  return static_cast<uint16_t>(rng());
}
} // namespace

HealthChecker::HealthChecker(UpstreamPool &pool, std::chrono::milliseconds interval,
                             std::chrono::milliseconds probeTimeout, EventSink events)
    : pool_(pool), interval_(interval), probeTimeout_(probeTimeout), events_(std::move(events)) {}

HealthChecker::~HealthChecker() {
  stop(); // OK: stop() is idempotent (running_ exchange)
}

void HealthChecker::start() {
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void HealthChecker::stop() {
  if (!running_.exchange(false))
    return;
  recheck_.close(); // SAME: recheck
  if (thread_.joinable())
    thread_.join();
}

void HealthChecker::requestCheck(std::size_t upstream) {
  recheck_.push(upstream); // BUG: use-after-close #recheck — called on worker threads from the resolver's timeout path; Server::stop() stops the checker (closing recheck_) before the worker pool has drained, and push() after close() throws
}

void HealthChecker::run() {
  auto nextFull = std::chrono::steady_clock::now() + interval_;
  while (running_.load()) {
    auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(
        nextFull - std::chrono::steady_clock::now());
    if (wait.count() < 0)
      wait = std::chrono::milliseconds(0);
    auto requested = recheck_.popFor(wait); // OK: popFor() returns at once after stop()'s close() (documented), and running_ is re-checked below
    if (!running_.load())
      break;
    if (requested)
      checkOne(*requested);
    if (std::chrono::steady_clock::now() >= nextFull) {
      checkAll();
      nextFull = std::chrono::steady_clock::now() + interval_;
    }
  }
}

void HealthChecker::checkAll() {
  const std::size_t n = pool_.upstreamCount();
  for (std::size_t i = 0; i < n && running_.load(); ++i)
    checkOne(i);
}

void HealthChecker::emit(std::size_t upstream, const char *state) {
  if (!events_)
    return;
  events_("{\"upstream\":\"" + pool_.address(upstream) + "\",\"state\":\"" + state + "\"}");
}

void HealthChecker::checkOne(std::size_t upstream) {
  if (!pool_.isUp(upstream)) {
    if (probeFresh(pool_.address(upstream))) {
      logInfo("health: upstream %s answers again", pool_.address(upstream).c_str());
      pool_.markUp(upstream);
      emit(upstream, "up");
    }
    return;
  }
  auto conn = pool_.checkout(upstream);
  if (!conn)
    return; // every connection is busy, which says enough about its health
  if (conn->probe(probeTimeout_)) {
    pool_.release(std::move(conn));
    return;
  }
  pool_.retire(conn); // closes the wedged socket
  logWarn("health: upstream %s (connection %llu) failed a probe; reconnecting", conn->address().c_str(), static_cast<unsigned long long>(conn->id())); // OK: address() and id() are plain fields, no socket access
  auto fresh = pool_.checkout(upstream); // opens a new connection
  if (fresh && conn->probe(probeTimeout_)) { // BUG: use-after-close — probes the retired `conn` (closed by retire() above) instead of `fresh`; probe() throws std::logic_error once closed
    pool_.release(std::move(fresh)); // OK: `fresh` is a different connection from the retired one
    return;
  }
  pool_.markDown(upstream);
  emit(upstream, "down");
  pool_.retire(fresh); // OK: `fresh` (if any) is checked out, so markDown() did not close it; retire() also checks isClosed() under the pool lock
}

bool HealthChecker::probeFresh(const std::string &address) {
  sockaddr_storage addr{};
  socklen_t len = 0;
  if (!parseAddress(address, addr, len))
    return false;
  const int fd = ::socket(addr.ss_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return false;
  bool answered = false;
  {
    auto closer = makeScopeGuard([fd] { ::close(fd); }); // SAME: probeguard
    const uint16_t qid = nextProbeId();
    const std::string query = DnsMessage::makeQuery(qid, "", kTypeNS);
    if (::sendto(fd, query.data(), query.size(), 0, reinterpret_cast<const sockaddr *>(&addr), len) < 0) {
      logDebug("health: probe to %s failed: %s", address.c_str(), std::strerror(errno));
      ::close(fd);
    } else {
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(probeTimeout_.count())) == 1) {
        char buf[512];
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        answered = n >= 12 && DnsMessage::readId(std::string(buf, static_cast<std::size_t>(n))) == qid;
      }
    }
  } // BUG: double-close #probeguard — on the sendto() failure path fd was already closed explicitly, and the guard closes it again here
  return answered;
}

} // namespace dnscache
