// Watches the lake level for standing waves (seiches) on a dedicated reader thread.
#pragma once
#include "limnimeter_tty.h"
#include "limno_component.h"
#include <atomic>
#include <deque>
#include <mutex>
#include <thread>

class SeicheDetector : public LimnoComponent {
public:
  explicit SeicheDetector(LimnoContext &ctx);
  ~SeicheDetector() override;
  const char *kind() const override { return "seiche"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  void watchLoop();
  LimnoContext &ctx_;
  LimnimeterTty tty_;
  std::atomic<bool> running_{false};
  std::thread watcher_;
  std::mutex mu_;
  std::deque<double> levels_;
  double lastAmplitude_ = 0;
};
