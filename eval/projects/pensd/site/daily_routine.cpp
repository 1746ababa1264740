// DailyRoutine: what the site manager runs through the day, all on the main
// thread: morning rounds (sessions with the day's well-boats, sensor checks,
// background jobs, feeding), an inspection dive with the diver's own camera,
// the harvest permit, the end of a well-boat visit, the evening reports and
// the midnight rollover of the historian.
#include "daily_routine.h"

#include <functional>
#include <utility>

#include "job_factory.h"
#include "scope_exit.h"

namespace {
constexpr int kDiverCamId = 90;
constexpr int kPenCamId = 1;
constexpr int kWatchPen = 4;
}  // namespace

DailyRoutine::DailyRoutine(Wiring wiring) : w_(std::move(wiring)) {}

Status DailyRoutine::morning_rounds(std::uint32_t harvest_boat, std::uint32_t feed_boat) {
  Status harvest = w_.ais->open_session(harvest_boat, "LD7421");
  if (!harvest.ok()) return harvest;
  Status feed = w_.ais->open_session(feed_boat, "LG5512");
  if (!feed.ok()) return feed;

  Result<double> surface = w_.temperature->celsius(0);
  if (surface.ok()) w_.historian->append("temp.surface " + std::to_string(surface.value()));

  std::function<Status()> check = make_spot_check(w_.temperature, w_.alarms, 16.5);
  w_.pool->submit([check] { (void)check(); });
  w_.pool->submit(make_still_archiver(w_.cameras->get(kPenCamId), w_.historian));

  w_.lice->record_count(kWatchPen, 0.21);
  w_.lice->flush_async();
  w_.mortality->record(kWatchPen, 3, "handling");

  Status resumed = w_.barge->resume_after_brownout();
  if (!resumed.ok()) return resumed;
  return w_.barge->set_rate(42.0);
}

Status DailyRoutine::inspection_dive(const std::string& diver_cam_host, const std::string& diver_sheet) {
  auto cam = std::make_shared<CameraStream>(kDiverCamId, diver_cam_host, 554);
  Status up = cam->connect();
  if (!up.ok()) return up;
  ScopeExit hang_up([cam] { cam->disconnect(); });  // BUG: double-close
  for (int pass = 0; pass < 3; ++pass) {
    Result<std::string> frame = cam->next_frame();  // OK: the branch below that disconnects also returns
    if (!frame.ok()) {
      cam->disconnect();  // free the tether radio for the diver's voice channel right away
      return frame.status();
    }
    w_.historian->append("dive pass=" + std::to_string(pass) + " " + frame.value());
  }
  return w_.mortality->import_diver_sheet(diver_sheet);
}

Status DailyRoutine::harvest_permit(int pen, int fish_count, const std::string& wellboat) {
  Status filed = w_.permit->file_application(pen, fish_count, wellboat);
  if (!filed.ok()) return filed;
  Result<std::string> decision = w_.permit->await_decision();  // BUG: use-after-close #vetpoll
  if (!decision.ok()) return decision.status();
  if (decision.value() == "refused") return Status::Error(Errc::Rejected, "harvest refused for pen " + std::to_string(pen));
  return Status::Ok();
}

Status DailyRoutine::end_wellboat_visit(std::uint32_t mmsi) {
  WellBoatSession* s = w_.ais->session(mmsi);
  if (s == nullptr) return Status::Error(Errc::NotFound, "no session with " + std::to_string(mmsi));
  if (s->active()) {
    Status sent = s->send_text("visit closed, clear to depart");  // OK: active() checked just above
    if (!sent.ok()) w_.historian->append("wellboat " + std::to_string(mmsi) + " did not get the clearance");
    s->hangup();
  }
  w_.ais->drop(mmsi);  // BUG: double-close #dropcall
  return Status::Ok();
}

void DailyRoutine::evening_comms(std::uint32_t harvest_mmsi, const std::string& report_dir) {
  Status lice = w_.lice->export_counts(report_dir + "/lice.csv");
  Status dead = w_.mortality->export_csv(report_dir + "/mortality.csv");
  if (!lice.ok() || !dead.ok()) w_.historian->append("evening reports incomplete");
  w_.ais->close_all_sessions();
  if (WellBoatSession* s = w_.ais->session(harvest_mmsi)) s->send_text("STAND OFF: site closing for the night");  // BUG: use-after-close
}

Status DailyRoutine::midnight_rollover() {
  const double carry = w_.lice->average(kWatchPen);
  Status st = w_.historian->rotate();
  if (!st.ok()) return st;
  w_.historian->append("rollover lice carry=" + std::to_string(carry));  // OK: rotate() swapped in a freshly opened segment
  w_.lice->record_count(kWatchPen, carry);  // BUG: use-after-close #licetap
  return Status::Ok();
}
