// Replication transport classes as a project's public header declares them:
// declarations only, the definitions live in the library's .cpp files.
// send() on a closed channel fails with "replication channel closed".
#pragma once
#include <string>

namespace repl {

enum class LinkState { Connecting, Open, Draining, Closed };

class ReplicationChannel {
public:
  explicit ReplicationChannel(const std::string &peer);
  void send(const std::string &frame);
  void flush();
  void close();
  bool IsClosed() const;
  bool connected() const;
  LinkState state() const;
};

class WalProducer {
public:
  void send(const std::string &record);
  void close();
  bool is_closed() const;
  bool isOpen() const;
  explicit operator bool() const;
};

} // namespace repl
