// Cabaret night: the theremin player's amplifier and the footlight dimmer are remote
// sessions that must be reconnected between acts. Every disconnect is followed by a
// replacement on every path before the next use: make_unique on both branches, an
// optional reset and emplace, a reconnect loop that assigns a fresh session whenever
// the current one was disconnected, and a swap with the standby before the old live
// session is disconnected. Correct code throughout.
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class ThereminAmp {
 public:
  explicit ThereminAmp(std::string host) : host_(std::move(host)) {}
  void play(double hz) {
    if (!connected_) throw std::runtime_error("amp " + host_ + " disconnected");
    std::printf("%s: %.1f Hz\n", host_.c_str(), hz);
  }
  void disconnect() { connected_ = false; }

 private:
  std::string host_;
  bool connected_ = true;
};

class DimmerSession {
 public:
  explicit DimmerSession(std::string truss) : truss_(std::move(truss)) {}
  void fade(int level) {
    if (!connected_) throw std::runtime_error("dimmer " + truss_ + " disconnected");
    level_ = level;
    ++frames_;
  }
  void disconnect() { connected_ = false; }
  bool connected() const { return connected_; }
  bool overloaded() const { return frames_ > 1000; }

 private:
  std::string truss_;
  int level_ = 0;
  int frames_ = 0;
  bool connected_ = true;
};

void between_acts(std::unique_ptr<ThereminAmp>& amp, const std::string& backup_host) {
  amp->disconnect();
  if (!backup_host.empty()) {
    amp = std::make_unique<ThereminAmp>(backup_host);
  } else {
    amp = std::make_unique<ThereminAmp>("stage-left-amp");
  }
  amp->play(440.0);  // OK: replaced on both branches
}

void change_scene(std::optional<DimmerSession>& dimmer, int scene) {
  if (dimmer) dimmer->disconnect();
  dimmer.reset();
  dimmer.emplace(scene % 2 ? "left-truss" : "right-truss");
  dimmer->fade(60);  // OK: emplaced after the reset
}

void cool_down(DimmerSession& lights) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (!lights.overloaded()) break;
    lights.disconnect();
    lights = DimmerSession("footlights");
  }
  lights.fade(20);  // OK: every disconnect is followed by a fresh session
}

void hand_over(DimmerSession& live) {
  DimmerSession standby("standby-truss");
  std::swap(live, standby);
  standby.disconnect();  // the former live session
  live.fade(80);  // OK: live is the former standby, still connected
}

void encore(std::unique_ptr<ThereminAmp>& amp) {
  amp->disconnect();
  amp.reset(new ThereminAmp("encore-amp"));
  amp->play(523.3);  // OK: reset() installed a new amp
}
