// The stage house: every subsystem of the daemon, wired together in the
// constructor, with the show's lifecycle (run, interval, reload, desk
// handover, emergency stop, curtain down) implemented across several files.
#pragma once
#include "beatkeeper.h"
#include "callboard.h"
#include "deskbridge.h"
#include "deskwire.h"
#include "drivebus.h"
#include "flyrail.h"
#include "fohnotifier.h"
#include "followspot.h"
#include "goline.h"
#include "hazer.h"
#include "houselights.h"
#include "lineplot.h"
#include "presetstore.h"
#include "revolve.h"
#include "safetyloop.h"
#include "showfeed.h"
#include "showtally.h"
#include "stackplayer.h"
#include "stagehands.h"
#include "tabletinbox.h"
#include <atomic>
#include <chrono>
#include <memory>
#include <messaging.h>
#include <string>
#include <vector>

namespace cued {

class Stagehouse {
public:
  /// What the operator asked for from outside the main loop (signals).
  enum class Request : int { None, Interval, Resume, Reload, Handover, Maintenance };

  explicit Stagehouse(const std::string &plotPath);
  ~Stagehouse();
  Stagehouse(const Stagehouse &) = delete;
  Stagehouse &operator=(const Stagehouse &) = delete;

  /// The main loop: pumps the timers, watches the safety loop and carries
  /// out requests on this thread until `stopRequested` is set.
  void run(const std::atomic<bool> &stopRequested, std::atomic<int> &requests);
  void intermission();
  void resume();
  void reloadPlot();
  void handoverDesk();
  void maintenanceWindow();
  void emergencyStop(const std::string &why);
  void curtainDown();

  Callboard &board() { return board_; }

private:
  void settle(std::chrono::seconds limit);
  std::string archiveName() const;

  std::string plotPath_;
  LinePlot plot_;
  Beatkeeper beat_;
  Stagehands hands_{3};
  std::shared_ptr<DriveBus> bus_;
  std::unique_ptr<Flyrail> flyrail_;
  Callboard board_;
  std::shared_ptr<Revolve> revolve_;
  std::shared_ptr<HouseLights> lights_;
  std::shared_ptr<Hazer> hazer_;
  std::shared_ptr<Followspot> spot_;
  std::unique_ptr<ShowFeed> feed_;
  EventChannel fohChannel_;
  std::unique_ptr<FohNotifier> foh_;
  std::unique_ptr<RdKafka::KafkaConsumer> deskConsumer_;
  StackPlayer player_;
  std::unique_ptr<DeskBridge> bridge_;
  std::unique_ptr<GoLine> goLine_;
  std::unique_ptr<TabletInbox> inbox_;
  SafetyLoop safety_;
  std::unique_ptr<ShowTally> tally_;
  std::unique_ptr<PresetStore> presets_;
  std::vector<Beatkeeper::Token> timers_;
  bool downed_ = false;
};

} // namespace cued
