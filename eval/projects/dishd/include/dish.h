// Dish: the dishd daemon object. Owns every component of the receiver and
// the mount, wires them together in its constructor, runs the observing loop
// and tears everything down in stages.
#pragma once
#include "agenda.h"
#include "annunciator.h"
#include "baseband_distributor.h"
#include "chores.h"
#include "cryo_poller.h"
#include "cryostat.h"
#include "dawn_precis.h"
#include "delay_model.h"
#include "diagnostics_shell.h"
#include "digitizer.h"
#include "fringe_sentry.h"
#include "gust_watch.h"
#include "housekeeping.h"
#include "integrator.h"
#include "lna_bias.h"
#include "mount_driver.h"
#include "oscillator.h"
#include "proposal_inbox.h"
#include "settings.h"
#include "shiftlog.h"
#include "sidereal_follow.h"
#include "subsystem_directory.h"
#include <atomic>
#include <memory>
#include <string>
#include <vector>

struct BandSetup {
  std::string name;
  double loGhz = 0.0;
  bool synthPowerCycle = false;
};

class Dish {
public:
  explicit Dish(const DishSettings &cfg);
  ~Dish();
  Dish(const Dish &) = delete;
  Dish &operator=(const Dish &) = delete;

  void observe(const std::atomic<bool> &quit);
  void shutdown();

  ShiftLog &shiftLog() { return shiftlog_; }
  SubsystemDirectory &subsystems() { return directory_; }
  MountDriver &mount() { return *mount_; }

private:
  // dish.cpp
  void handleProposal(const std::string &verb, const std::string &arg);
  // dish_observe.cpp
  void executeScan(const ScanRequest &scan);
  void applyBand(const BandSetup &band);
  void calibrateBandpass(const std::string &outPath);
  void endSession();
  void onGust(double metresPerSecond);
  void regenerateCryostat();
  void pauseCryoPolling(const std::string &why);
  void resumeCryoPolling();
  void archiveShiftLog();
  // dish_quiesce.cpp
  template <typename Step> void stage(const char *name, Step &&step);
  void stopIntake();
  void parkDrives();
  void releaseReceiver();
  void retireCorrelator();
  void quiesceTelemetry();
  void drainChores();

  DishSettings cfg_;
  ShiftLog shiftlog_;
  Annunciator board_;
  Cryostat cryostat_;
  LnaBiasSupply lna_;
  LocalOscillator lo_;
  std::unique_ptr<MountDriver> mount_;
  SiderealFollower follower_;
  ObservingAgenda agenda_;
  ChoreQueue chores_;
  std::unique_ptr<ChoreWorker> worker_;
  HousekeepingEmitter housekeeping_;
  FringeSentry fringes_;
  Digitizer digitizer_;
  BasebandDistributor distributor_;
  DelayServer delays_;
  Integrator integrator_;
  std::shared_ptr<NetLine> compressorLine_;
  std::unique_ptr<CryoPoller> poller_;
  DiagnosticsShell shell_;
  std::unique_ptr<GustWatch> gusts_;
  SubsystemDirectory directory_;
  std::unique_ptr<ProposalInbox> inbox_;
  std::vector<ScanRecord> tonight_;
  std::vector<std::string> calibratorsTonight_;
  bool sessionOpen_ = false;
  bool down_ = false;
};
