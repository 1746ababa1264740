// LaneIntake: one reader thread per lane link; passage frames become Passage
// records in the inbox the control loop pops.
#include "lane_intake.h"

#include "link_table.h"

#include <chrono>
#include <sstream>

namespace toll {

LaneIntake::~LaneIntake() { stop(); }

void LaneIntake::start(const LinkTable &links) {
  running_ = true;
  for (LaneId lane : links.lanes()) {
    std::shared_ptr<LaneLink> link = links.find(lane);
    if (!link)
      continue;
    readers_.emplace_back([this, link] { readLoop(link); });
  }
}

void LaneIntake::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  inbox_.close(); // SAME: intakerace
  running_ = false;
  for (std::thread &t : readers_) {
    if (t.joinable())
      t.join();
  }
  readers_.clear();
}

std::size_t LaneIntake::stopAndDrain(std::vector<Passage> &out) {
  stop();
  std::size_t n = 0;
  while (std::optional<Passage> p = inbox_.tryPop()) { // OK: tryPop() hands out what was queued before close()
    out.push_back(std::move(*p));
    ++n;
  }
  return n;
}

void LaneIntake::readLoop(std::shared_ptr<LaneLink> link) {
  std::string frame;
  while (running_.load()) {
    if (!link->isOpen()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      continue;
    }
    if (!link->recv(frame, 250))
      continue;
    if (std::optional<Passage> p = parsePassage(link->lane(), frame))
      inbox_.push(std::move(*p)); // BUG: use-after-close #intakerace
  }
}

std::optional<Passage> parsePassage(LaneId lane, const std::string &frame) {
  // "PASS <seq> <ts> <tag or -> <plate> <class>"
  std::istringstream in(frame);
  std::string verb;
  Passage p;
  int cls = 0;
  if (!(in >> verb >> p.seq >> p.tsMillis >> p.tagId >> p.plate >> cls) || verb != "PASS")
    return std::nullopt;
  if (p.tagId == "-")
    p.tagId.clear();
  if (cls < 1 || cls > 6)
    return std::nullopt;
  p.lane = lane;
  p.cls = static_cast<VehicleClass>(cls);
  return p;
}

} // namespace toll
