// Computes the Schmidt stability index of each temperature profile on a worker thread.
#pragma once
#include "limno_component.h"
#include "varve_scroll.h"
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

class SchmidtStability : public LimnoComponent {
public:
  explicit SchmidtStability(LimnoContext &ctx);
  ~SchmidtStability() override;
  const char *kind() const override { return "schmidt"; }
  void start() override;
  void tick() override;
  void stop() override;

private:
  void computeLoop();
  LimnoContext &ctx_;
  VarveScroll scroll_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool running_ = false;
  std::deque<std::vector<double>> profiles_;
  double lastIndex_ = 0;
  int token_ = 0;
  std::thread worker_;
};
