// SchmidtStability: profiles arrive on the switchboard, a worker thread computes
// the stability index and appends it to a scroll. stop() joins the worker before
// it closes the scroll.
#include "schmidt_stability.h"
#include "limnod_gauger.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <cstdlib>
#include <sstream>
#include <string>

namespace {
double schmidtIndex(const std::vector<double> &temps) {
  // density from temperature (UNESCO, fresh water), stability relative to the mixed column
  auto density = [](double t) { return 1000.0 * (1.0 - (t + 288.9414) / (508929.2 * (t + 68.12963)) * (t - 3.9863) * (t - 3.9863)); };
  double mean = 0;
  for (double t : temps)
    mean += density(t);
  mean /= temps.empty() ? 1 : temps.size();
  double s = 0;
  for (std::size_t i = 0; i < temps.size(); ++i)
    s += (density(temps[i]) - mean) * (0.5 * i);
  return s * 9.81 * 0.5;
}
} // namespace

SchmidtStability::SchmidtStability(LimnoContext &ctx) : ctx_(ctx) {
  token_ = ctx_.switchboard.subscribe("thermocline/profile", [this](const std::string &csv) {
    std::vector<double> temps;
    std::stringstream in(csv);
    std::string cell;
    while (std::getline(in, cell, ','))
      temps.push_back(std::strtod(cell.c_str(), nullptr));
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (!running_)
        return;
      profiles_.push_back(std::move(temps));
    }
    cv_.notify_one();
  });
}

SchmidtStability::~SchmidtStability() {
  stop();
  ctx_.switchboard.unsubscribe(token_);
  LimnoGauger::instance().gauge("schmidt.last", lastIndex_); // BUG: use-after-close
}

void SchmidtStability::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (running_)
    return;
  if (!scroll_.isOpen() && !scroll_.open(ctx_.settings.archiveDir + "/schmidt.csv"))
    return;
  running_ = true;
  worker_ = std::thread(&SchmidtStability::computeLoop, this);
}

void SchmidtStability::computeLoop() {
  std::unique_lock<std::mutex> lk(mu_);
  for (;;) {
    cv_.wait(lk, [this] { return !running_ || !profiles_.empty(); });
    if (profiles_.empty())
      return; // stopped, nothing left
    std::vector<double> temps = std::move(profiles_.front());
    profiles_.pop_front();
    lk.unlock();
    const double index = schmidtIndex(temps);
    scroll_.append(std::to_string(index)); // OK: stop() joins this thread before it closes the scroll
    lk.lock();
    lastIndex_ = index;
  }
}

void SchmidtStability::tick() {
  std::lock_guard<std::mutex> lk(mu_);
  if (profiles_.size() > 50)
    profiles_.erase(profiles_.begin(), profiles_.end() - 10); // the worker fell behind
}

void SchmidtStability::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!running_)
      return;
    running_ = false;
  }
  cv_.notify_all();
  if (worker_.joinable())
    worker_.join();
  scroll_.close(); // OK: the worker was joined above
}
