// goniod — Beamline: builds and wires every component of the endstation in
// its constructor, then runs the control loop: pacemaker beats, requests from
// the user office, and hardware events polled from the PV gateway (beam dumps,
// axis faults, collisions, timing and PSS faults, emergency stops).
#include "beamline.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "beamtime.h"
#include "checkup.h"
#include "dataset.h"
#include "elog.h"

namespace goniod {

namespace {

// First-harmonic gap of the in-vacuum undulator for a photon energy.
double gap_for_energy(double kev) { return 5.2 + 0.61 * kev; }

} // namespace

Beamline::Beamline(const Prefs &prefs)
    : prefs_(prefs),
      gateway_(std::make_shared<PvConn>(prefs.endpoint("gateway").host,
                                        prefs.endpoint("gateway").port)),
      timing_(std::make_shared<PvConn>(prefs.endpoint("timing").host,
                                       prefs.endpoint("timing").port)),
      notices_(pss_channel_) {
  for (const auto &[name, device] : prefs_.tty_lines)
    ttymux_.add(name, device);

  std::vector<std::unique_ptr<AxisDriver>> axes;
  for (const AxisSpec &spec : prefs_.axes)
    axes.push_back(make_axis(spec, gateway_));
  gonio_ = std::make_unique<Goniometer>(std::move(axes));
  trigger_ = std::make_unique<TriggerUnit>(timing_);
  detector_ = std::make_unique<PixelDetector>(prefs_.endpoint("detector"), timing_);
  osc_ = std::make_unique<Oscillation>(*gonio_, *trigger_);
  undulator_ = std::make_unique<Undulator>(prefs_.endpoint("undulator"));
  mono_ = std::make_unique<Monochromator>(prefs_.endpoint("dcm"));
  attenuator_ = std::make_unique<Attenuator>(prefs_.endpoint("attenuator"));
  cryo_ = std::make_shared<Cryojet>(prefs_.endpoint("cryojet"));
  xbpm_ = std::make_shared<Xbpm>(
      "xbpm1", prefs_.endpoint("xbpm1"),
      [this](const std::string &label, const std::string &reading) {
        digest_->publish_now(label + " " + reading);
      });
  flux_ = std::make_shared<Fluxmeter>(prefs_.endpoint("ionchamber"), prefs_.brokers,
                                      "goniod.flux");
  pss_ = std::make_unique<PssPanel>(prefs_.pss_device);
  mounts_ = std::make_unique<MountController>(prefs_, ttymux_);
  inbox_ = std::make_unique<ProposalInbox>(open_user_office_consumer(prefs_.brokers),
                                           std::vector<std::string>{"useroffice.requests"});
  digest_ = std::make_unique<FacilityDigest>(prefs_.brokers, "goniod.digest", errands_);
  dump_ = std::make_unique<DumpResponse>(*xbpm_, *trigger_, *osc_, *undulator_, ttymux_,
                                         notices_, prefs_.parking_gap_mm);

  apparatus_.enroll(cryo_);
  apparatus_.enroll(xbpm_);
  apparatus_.enroll(flux_);

  xbpm_->attach(pacemaker_);
  flux_->attach(pacemaker_);
  pacemaker_.every("checkup", std::chrono::minutes(1), [this] {
    log_checkup(run_checkup(*gateway_, apparatus_, *trigger_));
  });
  pacemaker_.every("elog-rotate", std::chrono::minutes(10),
                   [] { rotate_elog(std::uintmax_t{64} << 20); });

  cryo_->start();
  flux_->start();
  mounts_->start();
  inbox_thread_ = std::thread([this] {
    inbox_->pump(
        [this](const std::string &text) {
          if (text.empty() || text.size() > 4096)
            return false;
          std::lock_guard<std::mutex> lk(requests_mu_);
          requests_.push_back(text);
          return true;
        },
        inbox_quit_);
  });
  elog().append("beamline wired: " + std::to_string(prefs_.axes.size()) + " axes, " +
                std::to_string(prefs_.tty_lines.size()) + " tty lines");
}

Beamline::~Beamline() {
  inbox_quit_ = true;
  if (inbox_thread_.joinable())
    inbox_thread_.join();
}

void Beamline::run(const std::atomic<bool> &quit) {
  while (!quit) {
    pacemaker_.tick(Pacemaker::Clock::now()); // BUG: use-after-close #xbpm_beat
    for (const std::string &text : take_requests()) {
      try {
        handle_request(text);
      } catch (const std::exception &e) {
        elog().append("request '" + text + "' failed: " + e.what());
      }
    }
    try {
      poll_hardware();
    } catch (const std::exception &e) {
      elog().append(std::string("hardware poll failed: ") + e.what());
    }
    mono_->flush();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

std::vector<std::string> Beamline::take_requests() {
  std::lock_guard<std::mutex> lk(requests_mu_);
  std::vector<std::string> out(requests_.begin(), requests_.end());
  requests_.clear();
  return out;
}

void Beamline::poll_hardware() {
  const std::string event = gateway_->request("GET GONIOD:EVENT");
  if (event.empty() || event == "NONE")
    return;
  if (event == "DUMP")
    dump_->on_dump("storage ring");
  else if (event == "BEAM")
    dump_->on_beam_back();
  else if (event.rfind("AXISFAULT ", 0) == 0)
    recover_axis(event.substr(10));
  else if (event == "COLLISION")
    mounts_->on_collision();
  else if (event == "TIMINGFAULT")
    trigger_->latch_fault("timing system reported a hardware fault");
  else if (event.rfind("PSSFAULT ", 0) == 0)
    pss_->on_fault(event.substr(9));
  else if (event == "ESTOP")
    emergency_stop("emergency stop button");
  else
    elog().append("unknown hardware event '" + event + "'");
}

void Beamline::handle_request(const std::string &text) {
  std::istringstream in(text);
  std::string verb;
  in >> verb;
  if (verb == "MOUNT") {
    MountRequest r;
    in >> r.puck >> r.pin >> r.proposal;
    mounts_->enqueue(r);
  } else if (verb == "ENERGY") {
    double kev = 0.0;
    if (!(in >> kev))
      throw std::invalid_argument("ENERGY needs a value in keV");
    mono_->request_energy(kev);
    undulator_->set_gap(gap_for_energy(kev)); // OK: after a dump set_gap() only records the gap for reconnect()
  } else if (verb == "WEDGE") {
    Wedge w;
    in >> w.start_deg >> w.width_deg >> w.frames >> w.exposure_s;
    if (osc_->closed()) {
      elog().append("wedge refused: the oscillation runner is closed");
      return;
    }
    osc_->cue(w); // OK: the runner is only closed on this thread (dumps, emergency stop, shutdown)
  } else if (verb == "COLLECT") {
    SeriesSpec s;
    in >> s.stem >> s.frames >> s.wedge_frames >> s.exposure_s >> s.start_deg >> s.width_deg;
    start_collection(s);
  } else if (verb == "CRYO-RESTART") {
    // after a reboot of the cryojet controller: a fresh component replaces the
    // old one in the registry
    auto fresh = std::make_shared<Cryojet>(prefs_.endpoint("cryojet"));
    fresh->start();
    apparatus_.enroll(fresh);
    cryo_ = std::move(fresh);
  } else if (verb == "ATTENUATE") {
    unsigned mask = 0;
    in >> mask;
    attenuator_->select(mask);
  } else if (verb == "ATT-REHOME") {
    attenuator_->rehome();
  } else if (verb == "CMD") {
    std::string target, what;
    in >> target;
    std::getline(in >> std::ws, what);
    const auto part = apparatus_.lookup(target);
    if (!part || !part->running()) {
      elog().append("command for stopped component '" + target + "' ignored");
      return;
    }
    part->command(what); // OK: running() checked on the thread that stops components
  } else if (verb == "SEARCH") {
    search_hutch();
  } else if (verb == "PANEL-SEARCH") {
    if (pss_->search())
      notices_.notify("hutch searched and locked");
  } else if (verb == "FILL") {
    double percent = 80.0;
    in >> percent;
    mounts_->top_up(percent);
  } else if (verb == "FORCE-SENSOR") {
    std::string line;
    in >> line;
    mounts_->swap_force_sensor(ttymux_.lease(line));
  } else if (verb == "RETIRE-CHANGER") {
    mounts_->retire();
  } else if (verb == "NOTE") {
    std::string note;
    std::getline(in >> std::ws, note);
    digest_->publish("note " + note);
  } else {
    throw std::invalid_argument("unknown request verb '" + verb + "'");
  }
}

void Beamline::start_collection(const SeriesSpec &spec) {
  if (osc_->closed())
    throw std::runtime_error("no collection while the oscillation runner is closed");
  if (collecting_.exchange(true))
    throw std::runtime_error("a collection is already running");
  errands_.post([this, spec] {
    try {
      DataSet(prefs_.data_dir + "/" + spec.stem, *detector_, *osc_).collect(spec);
    } catch (...) {
      collecting_ = false;
      throw;
    }
    collecting_ = false;
    digest_->publish("collected " + spec.stem);
  });
}

void Beamline::recover_axis(const std::string &which) {
  gonio_->on_fault(which);
  const auto spec = std::find_if(prefs_.axes.begin(), prefs_.axes.end(),
                                 [&](const AxisSpec &a) { return a.name == which; });
  if (spec == prefs_.axes.end())
    return;
  gonio_->replace_axis(make_axis(*spec, gateway_)); // BUG: double-close #axis_swap
}

void Beamline::emergency_stop(const std::string &why) {
  elog().append("EMERGENCY STOP: " + why);
  notices_.notify("emergency stop: " + why);
  osc_->close();
  gonio_->halt_all();
  apparatus_.stop_all();
  digest_->close();
  if (const auto cryo = apparatus_.lookup("cryojet"))
    cryo->command("ANNEAL OFF"); // BUG: use-after-close
}

void Beamline::search_hutch() {
  if (pss_->faulted())
    throw std::runtime_error("PSS panel faulted, no hutch search possible");
  notices_.notify("hutch search started");
  if (!HutchSearch(pss_->fd()).run()) {
    notices_.notify("hutch search interrupted");
    return;
  }
  pss_->lock_doors(); // BUG: use-after-close #pss_lock
  notices_.notify("hutch searched and locked");
}

void Beamline::stop_inbox() {
  inbox_quit_ = true;
  if (inbox_thread_.joinable())
    inbox_thread_.join();
  inbox_->close(); // OK: the pump thread was joined above
}

} // namespace goniod
