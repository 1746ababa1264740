// ConsoleCommands: parses one console line and runs it. Field commands are
// refused while the field bus is down.
#include "console_commands.h"

#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "plant.h"
#include "registers.h"
#include "scope_exit.h"

namespace ww {

namespace {
std::mutex g_export_mu;
constexpr std::chrono::seconds kFlushTime(5);
}  // namespace

ConsoleCommands::ConsoleCommands(Plant& plant) : plant_(plant) {}

Status ConsoleCommands::execute(ConsoleSession& caller, const std::string& line) {
  std::istringstream in(line);
  std::string cmd;
  in >> cmd;
  if (cmd == "who") {
    caller.send_line(std::to_string(plant_.sessions()->size()) + " session(s) open");
    return Status::Ok();
  }
  if (cmd == "kick") {
    int id = 0;
    if (!(in >> id)) return Status::Error(StatusCode::kInvalid, "usage: kick <session>");
    return kick(caller, id);
  }
  if (cmd == "export") {
    std::string path;
    if (!(in >> path)) return Status::Error(StatusCode::kInvalid, "usage: export <file>");
    return export_levels(caller, path);
  }
  if (plant_.bus()->is_closed()) return Status::Error(StatusCode::kClosed, "field bus offline");
  if (cmd == "flush-dosing" || cmd == "resume-dosing") {
    double rate = 0.0;
    if (!(in >> rate)) return Status::Error(StatusCode::kInvalid, "usage: " + cmd + " <mg/l>");
    return cmd == "flush-dosing" ? flush_dosing_line(caller, rate) : resume_dosing(caller, rate);
  }
  if (cmd == "valve-cycle") {
    std::size_t index = 0;
    unsigned percent = 0;
    if (!(in >> index >> percent)) return Status::Error(StatusCode::kInvalid, "usage: valve-cycle <valve> <%>");
    return cycle_valve(caller, index, percent);
  }
  if (cmd == "speed") {
    std::size_t station = 0, pump = 0;
    unsigned rpm = 0;
    if (!(in >> station >> pump >> rpm)) return Status::Error(StatusCode::kInvalid, "usage: speed <station> <pump> <rpm>");
    return station_speed(caller, station, pump, rpm);
  }
  return Status::Error(StatusCode::kInvalid, "unknown command " + cmd);
}

Status ConsoleCommands::kick(ConsoleSession& caller, int target_id) {
  std::shared_ptr<SessionRegistry> sessions = plant_.sessions();
  std::shared_ptr<ConsoleSession> target = sessions->find(target_id);
  if (!target || !target->is_open())
    return Status::Error(StatusCode::kInvalid, "no open session " + std::to_string(target_id));
  if (target.get() == &caller) return Status::Error(StatusCode::kInvalid, "use logout to leave");
  target->send_line("disconnected by " + caller.user()); // OK: is_open() checked above
  target->close();
  sessions->remove(target_id); // BUG: double-close #kick_twice
  std::shared_ptr<AuditLog> audit = plant_.audit();
  if (audit->is_open()) audit->append(caller.user(), "kicked session " + std::to_string(target_id));
  return Status::Ok();
}

Status ConsoleCommands::export_levels(ConsoleSession& caller, const std::string& path) {
  const std::map<std::string, double> levels = plant_.reservoirs()->snapshot();
  std::FILE* out = std::fopen(path.c_str(), "w");
  if (!out) return Status::Error(StatusCode::kIoError, "cannot create " + path);
  {
    std::lock_guard<std::mutex> lk(g_export_mu);
    ScopeExit close_out([out] { std::fclose(out); });
    std::fprintf(out, "reservoir,level_m\n"); // OK: close_out runs only when this block ends
    for (const auto& kv : levels) std::fprintf(out, "%s,%.3f\n", kv.first.c_str(), kv.second);
  }
  std::fprintf(out, "# exported by %s at %lld\n", caller.user().c_str(), static_cast<long long>(wall_clock_ms())); // BUG: use-after-close
  caller.send_line("exported " + std::to_string(levels.size()) + " level(s) to " + path);
  return Status::Ok();
}

Status ConsoleCommands::flush_dosing_line(ConsoleSession& caller, double rate) {
  std::shared_ptr<ChlorineDoser> doser = plant_.doser();
  std::shared_ptr<ValveActuator> valves = plant_.valves();
  doser->halt("dosing line flush by " + caller.user());
  Status st = valves->open_valve(kDosingFlushValve, 100);
  if (!st.ok()) return st;
  std::this_thread::sleep_for(kFlushTime);
  st = valves->close_valve(kDosingFlushValve);
  if (!st.ok()) return st;
  doser->resume();
  st = doser->set_rate(rate); // BUG: use-after-close
  if (st.ok()) caller.send_line("dosing line flushed, dosing at " + std::to_string(rate) + " mg/l");
  return st;
}

Status ConsoleCommands::resume_dosing(ConsoleSession& caller, double rate) {
  std::shared_ptr<ChlorineDoser> doser = plant_.doser();
  if (!doser->resume())
    return Status::Error(StatusCode::kUnavailable, "doser stays halted: clear the interlock first");
  Status st = doser->set_rate(rate); // OK: resume() reported the doser running again
  if (st.ok()) caller.send_line("dosing at " + std::to_string(rate) + " mg/l");
  return st;
}

Status ConsoleCommands::cycle_valve(ConsoleSession& caller, std::size_t index, unsigned percent) {
  std::shared_ptr<ValveActuator> valves = plant_.valves();
  Status st = valves->close_valve(index);
  if (!st.ok()) return st;
  st = valves->open_valve(index, static_cast<std::uint16_t>(percent)); // OK: close_valve() drives the valve shut; the actuator stays in service
  if (st.ok()) caller.send_line("valve " + std::to_string(index) + " cycled to " + std::to_string(percent) + " %");
  return st;
}

Status ConsoleCommands::station_speed(ConsoleSession& caller, std::size_t station, std::size_t pump,
                                      unsigned rpm) {
  const std::vector<std::shared_ptr<PumpStation>>& stations = plant_.stations();
  if (station >= stations.size()) return Status::Error(StatusCode::kInvalid, "no such station");
  const std::shared_ptr<PumpStation>& s = stations[station];
  if (!s->online()) return Status::Error(StatusCode::kUnavailable, "station " + s->name() + " is offline");
  Status st = s->set_speed(pump, static_cast<std::uint16_t>(rpm)); // OK: online() checked first
  if (st.ok()) caller.send_line(s->name() + " pump " + std::to_string(pump) + " at " + std::to_string(rpm) + " rpm");
  return st;
}

}  // namespace ww
