// Airchain: builds the station's air chain in the constructor (as-run log,
// buses, decks, cartwall, outboard gear, links, telemetry), runs the
// automation tick, carries out operator actions, and takes everything down
// in stages in shutdown().
#include "airchain.h"
#include "timecode.h"
#include "codec_tie.h"
#include "crosspoint_matrix.h"
#include "faders.h"
#include "hour_pips.h"
#include "rds_injector.h"

#include <algorithm>
#include <cstdio>
#include <dirent.h>
#include <stdexcept>
#include <utility>

namespace {
constexpr int kSignoffCart = 99;
constexpr std::size_t kBlockFrames = 480; // 10 ms at 48 kHz

std::vector<int16_t> silence(std::size_t frames) {
  return std::vector<int16_t>(frames * 2, 0);
}

// Voice tracks dropped for tomorrow's shows, oldest first.
std::vector<std::string> inboxFiles(const std::string &dir) {
  std::vector<std::string> out;
  if (DIR *d = ::opendir(dir.c_str())) {
    while (const dirent *e = ::readdir(d))
      if (e->d_name[0] != '.')
        out.push_back(dir + "/" + e->d_name);
    ::closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}
} // namespace

Airchain::Airchain(AirchainOptions opts)
    : opts_(std::move(opts)), asrun_(opts_.asrunDir), rollover_(asrun_),
      chores_("chores"),
      stl_(opts_.stlSite, opts_.stlHost, opts_.stlBackupHost, opts_.stlPort,
           "aac-lc/48k"),
      aes_(opts_.stlHost, 5004), webstream_(opts_.webstreamFd, silence(48000)),
      mpx_(opts_.mpxCards), deckA_("deck-a", opts_.deckAFd),
      deckB_("deck-b", opts_.deckBFd), planner_({&deckA_, &deckB_}),
      cartwall_("cartwall", opts_.cartFd),
      voicetracks_(chores_, opts_.asrunDir + "/voicetracks.manifest"),
      gauge_(bus_, opts_.asrunDir + "/loudness.trend"),
      watchdog_(bus_, opts_.brokers, 20), spots_(hooks_, opts_.brokers),
      ppm_(hooks_), airplay_(opts_.brokers), exciter_(opts_.exciterPort),
      airlog_(500) {
  if (!sheet_.load(opts_.sheetPath))
    throw std::runtime_error("cannot load programme sheet " + opts_.sheetPath);
  if (!sheet_.loadSpots(opts_.spotsPath))
    std::fprintf(stderr, "airchain: no spot schedule at %s\n",
                 opts_.spotsPath.c_str());
  sheet_.loadOverrides(opts_.sheetPath + ".overrides");
  sheet_.loadImaging(opts_.sheetPath + ".imaging");

  outboard_.add(std::make_unique<FaderSurface>(opts_.faderPort));
  outboard_.add(
      std::make_unique<CrosspointMatrix>(opts_.matrixHost, opts_.matrixPort),
      /*isRouter=*/true);
  auto rds = std::make_unique<RdsInjector>(opts_.rdsPort);
  rds_ = rds.get();
  outboard_.add(std::move(rds));
  scroller_ = std::make_unique<PsnameScroller>(*rds_, opts_.asrunDir, hourStamp());

  roll_.enrol("deck-a", &deckA_);
  roll_.enrol("deck-b", &deckB_);
  roll_.enrol("cartwall", &cartwall_);
  roll_.enrol("airplay", &airplay_);
  std::string error;
  if (auto consumer = openRatingsConsumer(opts_.brokers, error)) {
    ratings_ = std::make_unique<RatingsIntake>(std::move(consumer));
    roll_.enrol("ratings", ratings_.get());
  } else {
    std::fprintf(stderr, "airchain: ratings disabled: %s\n", error.c_str());
  }
}

Airchain::~Airchain() { shutdown(); }

bool Airchain::start() {
  currentHour_ = hourStamp();
  if (!asrun_.open(currentHour_))
    return false;
  HourPips::instance().open(opts_.asrunDir + "/pips.log");
  if (!outboard_.powerUp())
    std::fprintf(stderr, "airchain: running with missing outboard gear\n");
  if (!stl_.connect() && !stl_.failover())
    std::fprintf(stderr, "airchain: no STL path, transmitter on backup feed\n");
  aes_.reconnect();
  exciter_.open();
  mixdown_ = std::make_unique<MixdownArchive>(opts_.asrunDir, currentHour_);
  mpx_.start([] { return silence(kBlockFrames); });
  if (ratings_)
    ratings_->start([](RdKafka::Message *msg) { storeRating(msg); });
  HourPips::instance().mark("chain up");
  return true;
}

void Airchain::tick() {
  if (down_)
    return;
  const std::string hour = hourStamp();
  if (hour != currentHour_) {
    rollover_.onTopOfHour(hour);
    currentHour_ = hour;
  }
  if (!stl_.heartbeat() && !stl_.failover())
    std::fprintf(stderr, "airchain: STL down on both paths\n");

  const std::vector<std::string> next = sheet_.nextItems(1);
  if (next.empty() || !planner_.advance(next.front()))
    return;
  const std::vector<int16_t> block = silence(kBlockFrames);
  const std::vector<uint8_t> frame(
      reinterpret_cast<const uint8_t *>(block.data()),
      reinterpret_cast<const uint8_t *>(block.data() + block.size()));
  stl_.send(frame);
  aes_.send(block);
  webstream_.push(block);
  for (const auto &site : tielines_.sites())
    tielines_.route(site, frame);
  airItem({"", next.front(), next.front(), 0}, "deck");
  if (mixdown_)
    mixdown_->submit(next.front(), block);
}

void Airchain::airItem(const ProgrammeItem &item, const std::string &source) {
  const std::string stamp = nowStamp();
  if (!asrun_.isOpen() && !asrun_.open(hourStamp()))
    std::fprintf(stderr, "asrun: log unavailable, %s not logged\n",
                 item.house.c_str());
  else
    asrun_.append({stamp, source, item.house}); // OK: reopened above when a failed rotation left it closed
  airplay_.record({stamp, source, item.house});
  airlog_.note(stamp + " " + source + " " + item.house);
  bus_.publish({AirEvent::Kind::ItemStart, item.house, lastLufs_});
  hooks_.fire(item.house, std::chrono::seconds(item.seconds));
  if (item.house.rfind("SPOT-", 0) == 0)
    traffic_.confirm(item.house);
  onAir_ = item.house;
}

void Airchain::beginOutsideBroadcast(const std::string &site,
                                     const std::string &host, uint16_t port,
                                     const std::string &producer) {
  auto line = std::make_shared<CodecLink>(site, host, port);
  if (!line->connect())
    throw std::runtime_error("outside broadcast " + site + ": no answer");
  tielines_.attach(site, line);
  remotes_.adopt(site, line, producer);
  if (!talkback_)
    talkback_ = std::make_unique<TalkbackSession>(opts_.asrunDir);
  talkback_->join(site);
}

void Airchain::endOutsideBroadcast(const std::string &site) {
  tielines_.retire(site);
  remotes_.talkback(site, "clear, back to the studio"); // BUG: use-after-close #obtalk
  remotes_.forget(site);
  endTalkback(site);
}

void Airchain::dropRemote(const std::string &site) {
  tielines_.retire(site);
  if (!remotes_.cueIfLive(site, "you are off air")) // OK: cueIfLive() checks the shared link first
    std::fprintf(stderr, "remote %s: off air, producer not cued\n",
                 site.c_str());
  remotes_.forget(site);
  endTalkback(site);
}

void Airchain::endTalkback(const std::string &site) {
  if (talkback_ && talkback_->leave(site))
    talkback_.reset();
}

void Airchain::onRemoteHangup(const std::string &site) {
  TalkbackRecorder *take = talkback_ ? talkback_->activeTake() : nullptr;
  dropRemote(site);
  if (take)
    take->writeMarker("hangup " + site); // BUG: use-after-close
}

void Airchain::swapToSingleDeck() {
  deckB_.stop();
  planner_.prerollAll(sheet_.nextItems(2)); // BUG: use-after-close #preroll
}

void Airchain::serviceDeckB() {
  deckB_.stop();
  const std::vector<std::string> next = sheet_.nextItems(1);
  if (!next.empty() && !planner_.advance(next.front())) // OK: advance() skips the closed deck
    std::fprintf(stderr, "airchain: no deck free for %s\n", next.front().c_str());
}

void Airchain::closeBroadcastDay(const std::string &stamp) {
  rollover_.sealAndRoll(stamp);
  ppm_.close();
  spots_.close();
  traffic_.flush();
  if (cartwall_.running())
    cartwall_.fire(kSignoffCart); // OK: a reload's stopAll() may have closed it; running() says so
  airItem({"", "SPOT-MIDNIGHT-TAG", "Sponsor tag", 10}, "cart"); // BUG: use-after-close #spotaired
}

void Airchain::reloadProgramme(const std::string &sheetPath) {
  // Quiesce everything that reads the sheet, swap it, cue the first item.
  roll_.stopAll();
  ProgrammeSheet fresh;
  if (!fresh.load(sheetPath)) {
    std::fprintf(stderr, "airchain: %s did not load, keeping the old sheet\n",
                 sheetPath.c_str());
    return;
  }
  sheet_ = std::move(fresh);
  const std::vector<std::string> first = sheet_.nextItems(1);
  if (first.empty())
    return;
  if (auto *deck = roll_.as<PlayoutDeck>("deck-a"))
    deck->cue(first.front()); // BUG: use-after-close
}

void Airchain::dumpAirlog(const std::string &path) {
  if (!airlog_.writeTo(path))
    std::fprintf(stderr, "airchain: cannot write %s\n", path.c_str());
  airlog_.appendSummary(opts_.asrunDir + "/shift-report.txt");
}

void Airchain::signOff() {
  if (opts_.signOffHour >= 0)
    webstream_.finish(); // part-time: the CDN carries its own overnight slate
  if (rds_->isOpen())
    rds_->apply({"rt", 0, 0, "Closing down - back at 06:00"});
  scroller_->scroll("GOODNIGHT");
  aes_.send(silence(kBlockFrames));
  webstream_.sendStationId(); // BUG: use-after-close #wsid
}

void Airchain::shutdown() {
  if (down_)
    return;
  down_ = true;

  // Stage 1: stop taking in new material.
  if (ratings_)
    ratings_->stop();
  chores_.close();

  // Stage 2: off air.
  watchdog_.close();
  bus_.publish({AirEvent::Kind::Silence, "sign-off", -70.0}); // OK: the watchdog unsubscribed in close()
  try {
    signOff();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "airchain: sign-off incomplete: %s\n", e.what());
  }
  gauge_.close();
  scroller_->quiesce();
  roll_.stopAll();
  if (auto *wall = roll_.as<Cartwall>("cartwall"); wall && wall->running())
    wall->fire(kSignoffCart); // OK: stopAll() stopped it, running() is false

  // Stage 3: links, transmitter and outboard gear.
  stl_.drop();
  aes_.close();
  mpx_.stop();
  if (exciter_.isOpen())
    exciter_.setPower(0);
  exciter_.close();
  std::fprintf(stderr, "airchain: exciter forward power %d W\n",
               exciter_.forwardPower()); // OK: forwardPower() returns -1 once closed
  outboard_.powerDown(/*keepEmergencyLoop=*/opts_.signOffHour < 0);
  if (!onAir_.empty())
    bus_.publish({AirEvent::Kind::ItemEnd, onAir_, lastLufs_}); // BUG: use-after-close #gaugebus

  // Stage 4: library and logs.
  voicetracks_.importBatch(inboxFiles(opts_.asrunDir + "/inbox")); // BUG: use-after-close #vtpost
  mixdown_.reset();
  asrun_.close();
  HourPips::instance().mark("chain down");
  HourPips::instance().close();

  // Stage 5: telemetry goes last so it reports everything above.
  traffic_.shutdown();
  airplay_.shutdown();
}
