// Baby monitor and nightlight hub (negative). The parents' phones get events
// through an EventChannel (messaging.h); the nursery nightlight is the hub's
// own class whose dim() throws after close(); the sound sensor is a raw
// descriptor reset to -1 when it is closed; the lullaby player is owned by a
// unique_ptr that is reset when the player is shut. Every use after a
// possible close is behind a guard in one of the shapes the hub's code uses.
#include "messaging.h"
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>

class Nightlight {
public:
  void dim(int level) {
    if (closed_)
      throw std::runtime_error("nightlight closed");
    level_ = level;
  }
  void close() { closed_ = true; }
  bool busy() const { return fading_; }
  void tick() {
    if (closed_ || fading_)
      return;
    dim(level_ > 0 ? level_ - 1 : 0); // OK: tick returns first when the light is closed
  }

private:
  int level_ = 5;
  bool fading_ = false;
  bool closed_ = false;
};

class LullabyPlayer {
public:
  void play(const std::string &track) { current_ = track; }
  void shutdown() { current_.clear(); }

private:
  std::string current_;
};

struct Nursery {
  EventChannel phones;
  Nightlight light;
  int soundFd = -1;
  std::unique_ptr<LullabyPlayer> player = std::make_unique<LullabyPlayer>();
};

void onCrying(Nursery &n, int decibels) {
  if (!n.phones.isOpen())
    return;
  n.phones.send("crying at " + std::to_string(decibels) + " dB"); // OK: early return when the channel is closed
}

void sampleSound(Nursery &n) {
  if (n.soundFd < 0)
    return;
  char level[8] = {};
  if (::read(n.soundFd, level, sizeof level - 1) <= 0) { // OK: guarded by the -1 check
    ::close(n.soundFd);
    n.soundFd = -1;
  }
}

void playLullaby(Nursery &n, const std::string &track) {
  if (!n.player)
    return;
  n.player->play(track);
}

void parentsAwake(Nursery &n) {
  n.player->shutdown();
  n.player.reset();
  playLullaby(n, "brahms"); // OK: the player is null, so nothing plays
  if (n.soundFd >= 0) {
    ::close(n.soundFd);
    n.soundFd = -1;
  }
  sampleSound(n); // OK: the descriptor was reset to -1
  n.light.close();
  n.light.tick(); // OK: returns on the closed light
  bool stillOpen = n.phones.isOpen();
  if (stillOpen)
    n.phones.send("parents are up"); // OK: the stored query is taken with no close after it
}

void morning(Nursery &n) {
  n.phones.send("good morning");
  n.phones.close();
  onCrying(n, 40); // OK: onCrying returns early on the closed channel
}
