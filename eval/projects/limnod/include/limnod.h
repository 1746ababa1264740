// The lake observatory daemon: owns the shared services and the instrument components.
#pragma once
#include "limno_component.h"
#include "limnod_errands.h"
#include "limnod_intervals.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include "limnod_telecommand.h"
#include "limnod_vigil.h"
#include "shoreline_telemeter.h"
#include "sonde_corral.h"
#include <atomic>
#include <map>
#include <memory>
#include <set>
#include <string>

class Limnod {
public:
  explicit Limnod(const LimnodSettings &settings);
  ~Limnod();
  Limnod(const Limnod &) = delete;
  Limnod &operator=(const Limnod &) = delete;

  void cycle(int rounds);                                             // limnod_cycle.cpp
  void reload(const std::string &kind);                               // limnod_recalibrate.cpp
  void recalibrate(const std::string &kind, const std::string &table); // limnod_recalibrate.cpp
  void quiesceUnhealthy();                                            // limnod_quiesce.cpp
  void enterMaintenance();                                            // limnod_quiesce.cpp
  void leaveMaintenance();                                            // limnod_quiesce.cpp
  void rotateShoreline();                                             // limnod_quiesce.cpp
  void shutdown();                                                    // limnod_dusk.cpp
  void requestStop() { stopRequested_.store(true); }

private:
  enum class Phase { Booting, Running, Maintenance, Down };
  void tickComponents();
  void heartbeat(int round);
  void stageFlushGauger();
  void stageStopComponents();
  void stageCloseShoreline();
  void stageCloseHerald();

  LimnodSettings settings_;
  LimnoSwitchboard switchboard_;
  LimnoIntervals intervals_;
  SondeCorral corral_;
  LimnoErrands errands_;
  LimnoContext ctx_;
  std::unique_ptr<ShorelineTelemeter> shoreline_;
  std::unique_ptr<LimnoTelecommand> telecommand_;
  LimnoVigil vigil_;
  std::map<std::string, std::unique_ptr<LimnoComponent>> components_;
  std::set<std::string> paused_;
  Phase phase_ = Phase::Booting;
  std::atomic<bool> stopRequested_{false};
};
