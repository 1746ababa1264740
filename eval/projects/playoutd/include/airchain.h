// Airchain: the whole on-air chain of one station, wired together in the
// constructor and taken down in stages by shutdown().
#pragma once
#include "adts_framing.h"
#include "aes_framing.h"
#include "airlog_dump.h"
#include "airplay.h"
#include "annunciator.h"
#include "asrun.h"
#include "asrun_cycle.h"
#include "audience_ppm.h"
#include "cartwall.h"
#include "deadair_watchdog.h"
#include "exciter.h"
#include "hookups.h"
#include "lifecycle.h"
#include "loudness.h"
#include "microwave_stl.h"
#include "mixdown.h"
#include "mpx_encoders.h"
#include "outboard_wiring.h"
#include "playout_deck.h"
#include "programme_sheet.h"
#include "psname_scroller.h"
#include "ratings.h"
#include "remote_sites.h"
#include "segue_planner.h"
#include "spot_reconciler.h"
#include "stagehand.h"
#include "talkback.h"
#include "tielines.h"
#include "traffic_spots.h"
#include "voicetracks.h"
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

class RdsInjector;

struct AirchainOptions {
  std::string sheetPath;
  std::string spotsPath;
  std::string asrunDir;
  std::string brokers;
  std::string stlSite = "tx-hill";
  std::string stlHost;
  std::string stlBackupHost;
  uint16_t stlPort = 9150;
  std::string faderPort = "/dev/ttyS1";
  std::string matrixHost;
  uint16_t matrixPort = 52000;
  std::string rdsPort = "/dev/ttyS2";
  std::string exciterPort = "/dev/ttyS3";
  std::vector<std::string> mpxCards;
  int deckAFd = -1;
  int deckBFd = -1;
  int cartFd = -1;
  int webstreamFd = -1;
  int signOffHour = -1; // part-time licence: last hour on air, -1 for 24h
};

class Airchain {
public:
  explicit Airchain(AirchainOptions opts);
  ~Airchain();
  Airchain(const Airchain &) = delete;
  Airchain &operator=(const Airchain &) = delete;

  bool start();
  void tick();
  void shutdown();

  // Operator actions.
  void beginOutsideBroadcast(const std::string &site, const std::string &host,
                             uint16_t port, const std::string &producer);
  void endOutsideBroadcast(const std::string &site);
  void dropRemote(const std::string &site);
  void onRemoteHangup(const std::string &site);
  void swapToSingleDeck();
  void serviceDeckB();
  /// End of a part-time station's broadcast day; shutdown() follows.
  void closeBroadcastDay(const std::string &stamp);
  void reloadProgramme(const std::string &sheetPath);
  void dumpAirlog(const std::string &path);

private:
  void airItem(const ProgrammeItem &item, const std::string &source);
  void signOff();
  void endTalkback(const std::string &site);

  AirchainOptions opts_;
  ProgrammeSheet sheet_;
  AsrunWriter asrun_;
  HourRollover rollover_;
  Annunciator bus_;
  HookPanel hooks_;
  LifecycleRoll roll_;
  Stagehand chores_;
  TielineRouter tielines_;
  RemoteSites remotes_;
  OutboardWiring outboard_;
  RdsInjector *rds_ = nullptr;
  MicrowaveStl stl_;
  AesSender aes_;
  WebstreamOut webstream_;
  MpxBank mpx_;
  PlayoutDeck deckA_;
  PlayoutDeck deckB_;
  SeguePlanner planner_;
  Cartwall cartwall_;
  VoicetrackImport voicetracks_;
  LoudnessGauge gauge_;
  DeadairWatchdog watchdog_;
  SpotReconciler spots_;
  AudiencePpm ppm_;
  AirplayExporter airplay_;
  TrafficSpots traffic_;
  std::unique_ptr<RatingsIntake> ratings_;
  Exciter exciter_;
  std::unique_ptr<PsnameScroller> scroller_;
  std::unique_ptr<TalkbackSession> talkback_;
  std::unique_ptr<MixdownArchive> mixdown_;
  AirlogDump airlog_;
  std::string currentHour_;
  std::string onAir_;
  double lastLufs_ = -23.0;
  bool down_ = false;
};
