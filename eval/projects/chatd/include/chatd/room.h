// A chat room: a named set of members that receive each other's messages.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace chatd {

class Transcript;

class Room {
public:
  /// Hands one formatted line to one member (the server routes it to the
  /// member's session).
  using Delivery =
      std::function<void(const std::string &member, const std::string &line)>;

  Room(std::string name, std::shared_ptr<Transcript> transcript);

  const std::string &name() const { return name_; }
  void setDelivery(Delivery deliver);

  /// Throws std::runtime_error("room closed") once the room is closed.
  void join(const std::string &member);
  /// No-op once the room is closed.
  void leave(const std::string &member);
  /// Sends text to every member and records it in the transcript.
  /// Throws std::runtime_error("room closed") once the room is closed.
  void broadcast(const std::string &from, const std::string &text);

  /// Closes the room and its transcript. Safe to call more than once.
  void close();
  bool isClosed() const;
  std::size_t memberCount() const;

private:
  std::string name_;
  std::shared_ptr<Transcript> transcript_;
  Delivery deliver_;
  std::vector<std::string> members_;
  mutable std::mutex mu_;
  bool closed_ = false;
};

} // namespace chatd
