// A control channel whose close() throws when it is called a second time and
// whose send() throws after close. Every loop here closes it at most once: the
// close is followed by break or return, guarded by a flag set with it, run
// through std::call_once, or applied to a channel constructed inside the loop
// body, so each iteration closes its own object. No use-after-close and no
// double-close.
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ControlChannel {
public:
  explicit ControlChannel(std::string peer) : peer_(std::move(peer)) {}
  void send(const std::string &cmd) {
    if (closed_)
      throw std::runtime_error("control channel to " + peer_ + " is closed");
    log_.push_back(cmd);
  }
  bool handshake() {
    send("HELLO");
    return !peer_.empty() && peer_.back() != '!';
  }
  void close() {
    if (closed_)
      throw std::logic_error("control channel closed twice");
    closed_ = true;
  }
  bool isClosed() const { return closed_; }

private:
  std::string peer_;
  std::vector<std::string> log_;
  bool closed_ = false;
};

void replayCommands(ControlChannel &ch, const std::vector<std::string> &cmds) {
  for (const auto &cmd : cmds) {
    if (cmd == "BYE") {
      ch.send(cmd);
      ch.close(); // OK: break right after, the loop cannot reach it again
      break;
    }
    ch.send(cmd); // OK: the only close is followed by break
  }
}

int sendUntilQuota(ControlChannel &ch, const std::vector<std::string> &cmds, std::size_t quota) {
  bool closed = false;
  int sent = 0;
  for (std::size_t i = 0; i < cmds.size(); ++i) {
    if (!closed && i >= quota) {
      ch.close(); // OK: guarded by the flag that is set in the same block
      closed = true;
    }
    if (!closed) {
      ch.send(cmds[i]); // OK: skipped once the flag is set
      ++sent;
    }
  }
  return sent;
}

void drainAndStop(ControlChannel &ch, std::vector<std::string> &pending, std::once_flag &stopOnce) {
  while (!pending.empty()) {
    std::string cmd = std::move(pending.back());
    pending.pop_back();
    if (cmd == "STOP") {
      std::call_once(stopOnce, [&ch] { ch.close(); }); // OK: call_once runs the close a single time
      return;
    }
    ch.send(cmd); // OK: the close path returns
  }
}

bool connectAny(const std::vector<std::string> &peers, std::vector<std::string> &tried) {
  for (const auto &peer : peers) {
    ControlChannel ch(peer);
    tried.push_back(peer);
    if (ch.handshake()) {
      ch.send("READY");
      ch.close();
      return true;
    }
    ch.close(); // OK: ch is a new channel in every iteration
  }
  return false;
}
