// The automated followspot: a tracker that follows a performer's tag and
// streams position fixes back over its link.
#pragma once
#include "component.h"
#include "decksocket.h"
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>

namespace cued {

class Followspot final : public Component {
public:
  Followspot(std::string host, std::uint16_t port);
  ~Followspot() override;

  const std::string &name() const override { return name_; }
  void start() override;
  void stop() override;
  bool running() const override { return live_.load(); }
  /// Verbs: "pick" (performer tag number), "iris" (0..1).
  void command(const std::string &verb, double value) override;

  /// Hands the spot to another operator station's tracker.
  void handover(const std::string &station);
  void addStation(const std::string &station, std::string host,
                  std::uint16_t port);
  std::string lastFix() const;

private:
  void trackLoop();
  void stopTracker();
  void startTrackerLocked();

  const std::string name_ = "followspot";
  std::string host_;
  std::uint16_t port_;
  std::map<std::string, std::pair<std::string, std::uint16_t>> stations_;
  mutable std::mutex mu_;
  std::optional<DeckSocket> link_;
  std::string performer_ = "0";
  std::atomic<bool> live_{false};
  std::thread tracker_;
  mutable std::mutex fixMu_;
  std::string lastFix_;
};

} // namespace cued
