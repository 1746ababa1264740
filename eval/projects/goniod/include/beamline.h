// goniod — the macromolecular-crystallography endstation: every component,
// wired together, and the control loop.
#pragma once
#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "apparatus.h"
#include "attenuator.h"
#include "beamdump.h"
#include "cryojet.h"
#include "errands.h"
#include "facility_digest.h"
#include "fluxmeter.h"
#include "goniometer.h"
#include "hutch.h"
#include "messaging.h"
#include "monochromator.h"
#include "oscillation.h"
#include "pacemaker.h"
#include "pixel_detector.h"
#include "prefs.h"
#include "proposal_inbox.h"
#include "pvconn.h"
#include "robotics.h"
#include "safety_notices.h"
#include "trigger_unit.h"
#include "ttymux.h"
#include "undulator.h"
#include "xbpm.h"

namespace goniod {

class Beamline {
public:
  explicit Beamline(const Prefs &prefs);
  ~Beamline();
  Beamline(const Beamline &) = delete;
  Beamline &operator=(const Beamline &) = delete;

  void run(const std::atomic<bool> &quit);
  void recover_axis(const std::string &which);
  void emergency_stop(const std::string &why);
  void search_hutch();
  void stop_inbox();

  Pacemaker &pacemaker() { return pacemaker_; }
  Errands &errands() { return errands_; }
  Apparatus &apparatus() { return apparatus_; }
  Goniometer &gonio() { return *gonio_; }
  PixelDetector &detector() { return *detector_; }
  TriggerUnit &trigger() { return *trigger_; }
  Oscillation &osc() { return *osc_; }
  Monochromator &mono() { return *mono_; }
  Fluxmeter &flux() { return *flux_; }
  Xbpm &xbpm() { return *xbpm_; }
  MountController &mount_controller() { return *mounts_; }
  FacilityDigest &digest() { return *digest_; }
  TtyMux &ttymux() { return ttymux_; }
  SafetyNotices &notices() { return notices_; }
  PssPanel &pss() { return *pss_; }
  PvConn &gateway() { return *gateway_; }
  PvConn &timing() { return *timing_; }

private:
  void poll_hardware();
  void handle_request(const std::string &text);
  std::vector<std::string> take_requests();
  void start_collection(const SeriesSpec &spec);

  Prefs prefs_;
  Pacemaker pacemaker_;
  EventChannel pss_channel_;
  std::shared_ptr<PvConn> gateway_;
  std::shared_ptr<PvConn> timing_;
  TtyMux ttymux_;
  SafetyNotices notices_;
  std::unique_ptr<Goniometer> gonio_;
  std::unique_ptr<TriggerUnit> trigger_;
  std::unique_ptr<PixelDetector> detector_;
  std::unique_ptr<Oscillation> osc_;
  std::unique_ptr<Undulator> undulator_;
  std::unique_ptr<Monochromator> mono_;
  std::unique_ptr<Attenuator> attenuator_;
  std::shared_ptr<Cryojet> cryo_;
  std::shared_ptr<Xbpm> xbpm_;
  std::shared_ptr<Fluxmeter> flux_;
  std::unique_ptr<PssPanel> pss_;
  std::unique_ptr<MountController> mounts_;
  std::unique_ptr<ProposalInbox> inbox_;
  std::unique_ptr<FacilityDigest> digest_;
  std::unique_ptr<DumpResponse> dump_;
  Apparatus apparatus_;
  std::mutex requests_mu_;
  std::deque<std::string> requests_;
  std::atomic<bool> inbox_quit_{false};
  std::atomic<bool> collecting_{false};
  std::thread inbox_thread_;
  // Declared last so that it is destroyed first: no job outlives the
  // components it works on.
  Errands errands_{3};
};

} // namespace goniod
