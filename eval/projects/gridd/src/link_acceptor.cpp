// LinkAcceptor: listening socket, HELLO handshake, and admission of the new
// link into the table.
#include "link_acceptor.h"

#include <arpa/inet.h>
#include <cerrno>
#include <memory>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <utility>

#include "fd_io.h"
#include "finally.h"
#include "frame_codec.h"
#include "netconn.h"

namespace {

std::string peerName(int fd) {
  sockaddr_storage ss{};
  socklen_t len = sizeof ss;
  if (::getpeername(fd, reinterpret_cast<sockaddr *>(&ss), &len) != 0)
    return "unknown";
  char host[INET6_ADDRSTRLEN] = {0};
  unsigned port = 0;
  if (ss.ss_family == AF_INET) {
    const auto *in = reinterpret_cast<const sockaddr_in *>(&ss);
    ::inet_ntop(AF_INET, &in->sin_addr, host, sizeof host);
    port = ntohs(in->sin_port);
  } else if (ss.ss_family == AF_INET6) {
    const auto *in6 = reinterpret_cast<const sockaddr_in6 *>(&ss);
    ::inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof host);
    port = ntohs(in6->sin6_port);
  }
  return std::string(host) + ":" + std::to_string(port);
}

} // namespace

LinkAcceptor::LinkAcceptor(LinkTable &links, AuditLog &audit) : links_(links), audit_(audit) {}

Fd LinkAcceptor::openListener(const std::string &addr, std::uint16_t port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST;
  addrinfo *res = nullptr;
  const std::string service = std::to_string(port);
  if (::getaddrinfo(addr.c_str(), service.c_str(), &hints, &res) != 0)
    return Fd();
  auto freeList = onExit([res] { ::freeaddrinfo(res); });
  for (addrinfo *ai = res; ai; ai = ai->ai_next) {
    Fd s(::socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                  ai->ai_protocol));
    if (!s)
      continue;
    const int one = 1;
    ::setsockopt(s.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    ::setsockopt(s.get(), SOL_SOCKET, SO_REUSEPORT, &one, sizeof one);
    if (::bind(s.get(), ai->ai_addr, ai->ai_addrlen) == 0 && ::listen(s.get(), 256) == 0)
      return s;
  }
  return Fd();
}

bool LinkAcceptor::listen(const std::string &addr, std::uint16_t port) {
  listen_ = openListener(addr, port);
  if (!listen_) {
    audit_.record("acceptor: cannot listen on %s:%u", addr.c_str(), static_cast<unsigned>(port));
    return false;
  }
  audit_.record("acceptor: listening on %s:%u", addr.c_str(), static_cast<unsigned>(port));
  return true;
}

bool LinkAcceptor::rebind(const std::string &addr, std::uint16_t port) {
  Fd next = openListener(addr, port);
  if (!next) {
    audit_.record("acceptor: cannot listen on %s:%u, keeping the current socket", addr.c_str(),
                  static_cast<unsigned>(port));
    return false;
  }
  listen_ = std::move(next);
  audit_.record("acceptor: now listening on %s:%u", addr.c_str(), static_cast<unsigned>(port));
  return true;
}

std::size_t LinkAcceptor::acceptPending(std::int64_t now) {
  if (!listen_)
    return 0;
  std::size_t admitted = 0;
  for (;;) {
    Fd client(::accept4(listen_.get(), nullptr, nullptr, SOCK_CLOEXEC)); // OK
    if (!client) {
      if (errno == EINTR || errno == ECONNABORTED)
        continue;
      break;
    }
    const timeval helloTimeout{2, 0};
    ::setsockopt(client.get(), SOL_SOCKET, SO_RCVTIMEO, &helloTimeout, sizeof helloTimeout);
    if (handshake(std::move(client), now))
      ++admitted;
  }
  return admitted;
}

bool LinkAcceptor::handshake(Fd client, std::int64_t now) {
  const std::string peer = peerName(client.get());
  std::string line;
  frames::Hello hello;
  if (!readLine(client.get(), line, 512) || !frames::decodeHello(line, hello)) {
    audit_.record("acceptor: %s did not send a valid hello", peer.c_str());
    return false;
  }
  if (hello.protocol != frames::kProtocolVersion) {
    const std::string reject =
        frames::encodeReject(hello.meterId, "protocol " + std::to_string(hello.protocol)) + "\n";
    writeAll(client.get(), reject.data(), reject.size());
    audit_.record("acceptor: %s from %s speaks protocol %d", hello.meterId.c_str(), peer.c_str(),
                  hello.protocol);
    return false;
  }

  const MeterLink::Kind kind =
      hello.isConcentrator ? MeterLink::Kind::Concentrator : MeterLink::Kind::Meter;
  auto link = std::make_unique<MeterLink>(hello.meterId, hello.concentratorId, kind,
                                          std::move(client), net::Connection(peer));
  link->touch(now);
  const std::string welcome = frames::encodeWelcome(hello.meterId, now);
  MeterLink *current = links_.find(hello.meterId);

  if (hello.isConcentrator) {
    // A concentrator says hello when it (re)starts: whatever session we
    // still hold for it is dead, even if its socket has not noticed yet.
    link->send(welcome);
    links_.drop(hello.meterId);
    links_.attach(std::move(link));
    links_.command(hello.meterId, MeterCommand::TimeSync); // OK
  } else if (current && current->isOpen() && current->concentratorId() != hello.concentratorId) {
    // The meter now reaches us over another path (moved to another
    // concentrator, or fell back to its own modem): the new path wins.
    MeterLink *fresh = link.get();
    const Status st = links_.migrate(hello.meterId, std::move(link));
    if (!st.ok()) {
      audit_.record("acceptor: cannot move %s to %s: %s", hello.meterId.c_str(), peer.c_str(),
                    st.detail.c_str());
      return false;
    }
    fresh->send(welcome); // OK
    current->send(frames::encodeReject(hello.meterId, "superseded")); // BUG: use-after-close
  } else {
    MeterLink *raw = link.get();
    links_.attach(std::move(link));
    raw->send(welcome); // BUG: use-after-close
  }

  audit_.record("acceptor: %s %s attached from %s", hello.isConcentrator ? "concentrator" : "meter",
                hello.meterId.c_str(), peer.c_str());
  if (onAttached_)
    onAttached_(hello.meterId);
  return true;
}
