// Timing chain of a toboggan run: the start gate, the intermediate gates and
// the finish gate each have a link to their display and light-barrier unit,
// kept in course order. A gate whose unit is swapped gets a fresh link, a
// gate taken out of the course is closed and removed (the following gates
// move up and are told to resync), and at the end of the day the course is
// closed and the day's best time is shown on the finish display.
#include "netconn.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

struct Gate {
  std::string name;
  std::string endpoint;
  net::Connection link;
};

class TimingChain {
public:
  void addGate(std::string name, std::string endpoint) {
    net::Connection link(endpoint);
    gates_.push_back(Gate{std::move(name), std::move(endpoint), std::move(link)});
  }

  void armAll();
  void swapUnit(std::size_t index);
  void removeGate(std::size_t index);
  void closeCourse();
  void announceBest(int bestMillis);
  std::size_t size() const { return gates_.size(); }

private:
  Gate &finish() { return gates_.back(); }
  std::vector<Gate> gates_;
  bool courseClosed_ = false;
};

void TimingChain::armAll() {
  if (courseClosed_)
    return;
  for (Gate &g : gates_)
    g.link.send("ARM");
}

void TimingChain::swapUnit(std::size_t index) {
  if (index >= gates_.size())
    return;
  Gate &g = gates_[index];
  g.link.close();
  g.link = net::Connection(g.endpoint);
  g.link.send("ARM"); // OK
}

void TimingChain::removeGate(std::size_t index) {
  if (courseClosed_ || index >= gates_.size() || gates_.size() <= 2)
    return;
  gates_[index].link.close();
  gates_.erase(gates_.begin() + static_cast<std::ptrdiff_t>(index));
  for (std::size_t i = index; i < gates_.size(); ++i)
    gates_[i].link.send("RESYNC " + std::to_string(i)); // OK
}

void TimingChain::closeCourse() {
  for (Gate &g : gates_) {
    if (!g.link.isClosed())
      g.link.send("DISARM"); // OK
    g.link.close();
  }
  courseClosed_ = true;
}

void TimingChain::announceBest(int bestMillis) {
  if (gates_.empty())
    return;
  finish().link.send("BEST " + std::to_string(bestMillis / 1000) + "." + // SAME: best
                     std::to_string(bestMillis % 1000));
}

int runDay(TimingChain &chain, const std::vector<int> &runMillis,
           std::size_t brokenGate) {
  chain.armAll();
  if (brokenGate < chain.size())
    chain.swapUnit(brokenGate);
  int best = 0;
  for (int ms : runMillis)
    if (best == 0 || ms < best)
      best = ms;
  chain.closeCourse();
  chain.announceBest(best); // BUG: use-after-close #best
  return best;
}
