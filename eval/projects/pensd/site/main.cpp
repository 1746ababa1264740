// pensd: entry point of the net-pen farm controller. Builds the site, runs the
// day's routine, engages the night lockdown and queues the nightly backup.
// Each stage runs on its own so that one failing stage is logged and the rest
// of the day still happens.
#include <cstdio>
#include <exception>
#include <memory>
#include <string>

#include "farm.h"

namespace {

constexpr std::uint32_t kHarvestBoat = 257123450;
constexpr std::uint32_t kFeedBoat = 257999001;

template <typename Fn>
void stage(const char* what, Fn&& fn) {
  try {
    Status st = fn();
    if (!st.ok()) std::fprintf(stderr, "%s: %s\n", what, st.to_string().c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s failed: %s\n", what, e.what());
  }
}

}  // namespace

int main(int argc, char** argv) {
  Farm::Config config;
  if (argc > 1) config.historian_dir = argv[1];
  std::unique_ptr<Farm> farm;
  try {
    farm = std::make_unique<Farm>(config);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pensd: cannot start: %s\n", e.what());
    return 1;
  }
  DailyRoutine& day = farm->routine();
  stage("morning rounds", [&] { return day.morning_rounds(kHarvestBoat, kFeedBoat); });
  stage("inspection dive", [&] { return day.inspection_dive("10.20.1.40", "/media/dive-tablet/mortality.csv"); });
  stage("harvest permit", [&] { return day.harvest_permit(4, 18000, "LD7421"); });
  stage("feed boat visit", [&] { return day.end_wellboat_visit(kFeedBoat); });
  stage("evening comms", [&] {
    day.evening_comms(kHarvestBoat, config.historian_dir);
    return Status::Ok();
  });
  stage("midnight rollover", [&] { return day.midnight_rollover(); });
  stage("storm lockdown", [&] { return farm->night_lockdown("end of day"); });
  stage("secured report", [&] {
    farm->report_secured();
    return Status::Ok();
  });
  stage("nightly backup", [&] {
    const std::string dir = config.historian_dir;
    farm->pool()->submit([dir] { std::printf("backing up %s\n", dir.c_str()); });  // BUG: use-after-close
    return Status::Ok();
  });
  return 0;
}
