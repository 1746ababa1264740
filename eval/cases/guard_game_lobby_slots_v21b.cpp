// Game server lobby: every player connection is a raw TCP descriptor kept in
// a PlayerSlot together with the lobby's own `connected` flag, which guards
// all writes and closes. kick() closes and clears the flag; the idle reaper
// closes the descriptor and sets its own `reaped` flag instead, so the next tick's
// broadcast writes to the closed descriptor (possibly reused by a new accept)
// and release() at shutdown closes it a second time.
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

namespace lobby {

constexpr long kIdleMs = 60000;

struct PlayerSlot {
  int fd = -1;
  bool connected = false;
  bool reaped = false; // added with the idle reaper
  std::string name;
  long lastSeenMs = 0;
};

class Lobby {
public:
  void join(int fd, std::string name, long nowMs) {
    slots_.push_back({fd, true, false, std::move(name), nowMs});
  }

  void touch(const std::string &name, long nowMs) {
    for (PlayerSlot &p : slots_)
      if (p.name == name)
        p.lastSeenMs = nowMs;
  }

  void kick(PlayerSlot &p, const std::string &reason) {
    if (!p.connected)
      return;
    std::string line = "KICK " + reason + "\n";
    ::send(p.fd, line.data(), line.size(), MSG_NOSIGNAL);
    ::close(p.fd);
    p.connected = false;
  }

  void kickByName(const std::string &name, const std::string &reason) {
    for (PlayerSlot &p : slots_) {
      if (p.name != name)
        continue;
      kick(p, reason);
      kick(p, "duplicate kick"); // OK: kick() returns early once the flag is cleared
    }
  }

  void broadcast(const std::string &text) {
    const std::string line = text + "\n";
    for (PlayerSlot &p : slots_) {
      if (!p.connected)
        continue;
      ::send(p.fd, line.data(), line.size(), MSG_NOSIGNAL); // SAME: idle
    }
  }

  // Drops players that have been silent for too long.
  void reapIdle(long nowMs) {
    for (PlayerSlot &p : slots_) {
      if (!p.connected || p.reaped || nowMs - p.lastSeenMs < kIdleMs)
        continue;
      ::close(p.fd);
      p.reaped = true;
      idleLog_.push_back(p.name);
    }
  }

  // Closes every remaining player connection at server shutdown.
  void release() {
    for (PlayerSlot &p : slots_) {
      if (!p.connected)
        continue;
      ::close(p.fd); // SAME: idle2
      p.connected = false;
    }
  }

  size_t idleCount() const { return idleLog_.size(); }

private:
  std::vector<PlayerSlot> slots_;
  std::vector<std::string> idleLog_;
};

void tick(Lobby &lobby, long nowMs, int round) {
  lobby.reapIdle(nowMs);
  lobby.broadcast("TICK " + std::to_string(round)); // BUG: use-after-close #idle
}

void serve(Lobby &lobby) {
  long now = 0;
  lobby.kickByName("mallory", "speed hack");
  lobby.broadcast("mallory was kicked"); // OK: kick() cleared the flag broadcast() checks
  for (int round = 0; round < 3; ++round) {
    now += 45000;
    lobby.touch("alice", now);
    tick(lobby, now, round);
  }
  lobby.release(); // BUG: double-close #idle2
  std::printf("reaped %zu idle players\n", lobby.idleCount());
}

} // namespace lobby

int main() {
  lobby::Lobby l;
  int a[2], b[2], m[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, a) || ::socketpair(AF_UNIX, SOCK_STREAM, 0, b) ||
      ::socketpair(AF_UNIX, SOCK_STREAM, 0, m))
    return 1;
  l.join(a[0], "alice", 0);
  l.join(b[0], "bob", 0); // bob never sends anything and gets reaped
  l.join(m[0], "mallory", 0);
  lobby::serve(l);
  return 0;
}
