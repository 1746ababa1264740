// LimnoGauger: process-wide statsd sink. gauge()/count() throw once it is closed.
#include "limnod_gauger.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

LimnoGauger &LimnoGauger::instance() {
  static LimnoGauger gauger;
  return gauger;
}

LimnoGauger::LimnoGauger() {
  fd_ = ::socket(AF_INET, SOCK_DGRAM, 0);
  if (fd_ >= 0) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(8125);
    ::inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
    ::connect(fd_, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
  }
}

void LimnoGauger::gauge(const std::string &name, double value) {
  emit("limnod." + name + ":" + std::to_string(value) + "|g");
}

void LimnoGauger::count(const std::string &name, long n) {
  emit("limnod." + name + ":" + std::to_string(n) + "|c");
}

bool LimnoGauger::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return fd_ >= 0;
}

void LimnoGauger::emit(const std::string &line) {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    throw std::logic_error("gauger closed, dropping " + line);
  buffered_.push_back(line);
  if (buffered_.size() < 16)
    return;
  std::string packet;
  for (const auto &l : buffered_)
    packet += l + "\n";
  ::send(fd_, packet.data(), packet.size(), 0);
  buffered_.clear();
}

void LimnoGauger::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    throw std::logic_error("gauger closed twice");
  std::string packet;
  for (const auto &l : buffered_)
    packet += l + "\n";
  if (!packet.empty())
    ::send(fd_, packet.data(), packet.size(), 0);
  buffered_.clear();
  ::close(fd_);
  fd_ = -1;
}
