// VetAuthorityClient: line protocol with the authority's permit service
// (HELLO / APPLY / STATUS / BYE). A session can be dialled again after
// disconnect(); disconnect() itself is not idempotent.
#include "vet_client.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <utility>

VetAuthorityClient::VetAuthorityClient(std::string host, std::string farm_id)
    : host_(std::move(host)), farm_id_(std::move(farm_id)), connected_(false) {}

VetAuthorityClient::~VetAuthorityClient() {
  if (connected_) (void)disconnect();  // OK: guarded; disconnect() throws only when already disconnected
}

Status VetAuthorityClient::connect() {
  if (connected_) return Status::Ok();
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host_.c_str(), "7443", &hints, &found) != 0 || found == nullptr) {
    return Status::Error(Errc::Io, "cannot resolve " + host_);
  }
  int s = ::socket(found->ai_family, found->ai_socktype, found->ai_protocol);
  if (s < 0 || ::connect(s, found->ai_addr, found->ai_addrlen) != 0) {
    if (s >= 0) ::close(s);
    ::freeaddrinfo(found);
    return Status::Error(Errc::Io, "cannot reach " + host_);
  }
  ::freeaddrinfo(found);
  sock_.reset(s);
  connected_ = true;
  Result<std::string> hello = exchange("HELLO " + farm_id_);
  if (!hello.ok()) {
    sock_.close();
    connected_ = false;
    return hello.status();
  }
  return Status::Ok();
}

Result<std::string> VetAuthorityClient::exchange(const std::string& line) {
  const std::string out = line + "\n";
  if (::send(sock_.get(), out.data(), out.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(out.size())) {
    return Status::Error(Errc::Io, "send to authority failed");
  }
  std::string reply;
  char buf[256];
  pollfd pfd{sock_.get(), POLLIN, 0};
  while (reply.find('\n') == std::string::npos) {
    const int ready = ::poll(&pfd, 1, 5000);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return Status::Error(Errc::Timeout, "authority did not answer " + line);
    const ssize_t n = ::recv(sock_.get(), buf, sizeof buf, 0);
    if (n <= 0) return Status::Error(Errc::Io, "authority hung up");
    reply.append(buf, static_cast<std::size_t>(n));
  }
  reply.erase(reply.find('\n'));
  if (reply.rfind("ERR", 0) == 0) return Status::Error(Errc::Rejected, reply);
  return reply;
}

Result<std::string> VetAuthorityClient::submit(const std::string& application) {
  if (!connected_) throw std::runtime_error("vet client disconnected");
  return exchange("APPLY " + application);
}

Result<std::string> VetAuthorityClient::poll_decision(const std::string& ticket) {
  if (!connected_) throw std::runtime_error("vet client disconnected");
  return exchange("STATUS " + ticket);
}

Status VetAuthorityClient::disconnect() {
  if (!connected_) throw std::logic_error("vet client already disconnected");
  Result<std::string> bye = exchange("BYE");
  connected_ = false;
  sock_.close();
  if (!bye.ok()) return Status::Error(Errc::Timeout, "authority did not ack BYE: " + bye.status().message());
  return Status::Ok();
}

bool VetAuthorityClient::connected() const { return connected_; }
