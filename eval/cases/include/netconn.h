// A user's own connection class, in the guard-and-throw style: every use
// checks the closed flag and throws "connection closed". Shared by several
// cases; the definitions are inline, as a header-only library would have them.
#pragma once
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace net {

class Connection {
public:
  Connection() = default;
  explicit Connection(std::string endpoint) : endpoint_(std::move(endpoint)) {}

  void send(const std::string &payload) {
    if (closed_)
      throw std::runtime_error("connection closed: " + endpoint_);
    outbox_.push_back(payload);
  }

  void flush() {
    if (closed_)
      throw std::runtime_error("connection closed: cannot flush " + endpoint_);
    outbox_.clear();
  }

  void close() {
    closed_ = true;
    outbox_.clear();
  }

  bool isClosed() const { return closed_; }
  const std::string &endpoint() const { return endpoint_; }

private:
  std::string endpoint_;
  std::vector<std::string> outbox_;
  bool closed_ = false;
};

} // namespace net
