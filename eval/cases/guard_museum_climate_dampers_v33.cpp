// Museum gallery climate control: each gallery's damper actuator is reached via a
// DamperLink with a state enum; links may be closed for conservation work. Every
// use is guarded the way the building software does it: a switch on the state, an
// `if (!link) return;` on a link looked up in a map, a close followed by return,
// and a state query re-read after the call that may close. Negative case: no
// command is sent on a closed link and no link is closed twice.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

class DamperLink {
public:
  enum class State { Idle, Active, Closed };
  explicit DamperLink(std::string gallery) : gallery_(std::move(gallery)) {}
  void setOpening(int percent);
  void close();
  State state() const { return state_; }

private:
  std::string gallery_;
  State state_ = State::Idle;
  int opening_ = 0;
};

void DamperLink::setOpening(int percent) {
  if (state_ == State::Closed)
    throw std::runtime_error(gallery_ + ": damper link closed");
  opening_ = percent;
  state_ = State::Active;
}

void DamperLink::close() {
  if (state_ == State::Closed)
    throw std::runtime_error(gallery_ + ": damper link already closed");
  state_ = State::Closed;
}

class ClimatePlant {
public:
  void add(const std::string &gallery);
  void adjust(const std::string &gallery, double rh);
  void conservationWork(const std::string &gallery, bool fullShutdown);
  void holdSetpoint(const std::string &gallery, double rh);

private:
  std::shared_ptr<DamperLink> lookup(const std::string &gallery) const;
  bool maybeRetire(DamperLink &link, double rh);
  std::map<std::string, std::shared_ptr<DamperLink>> links_;
};

void ClimatePlant::add(const std::string &gallery) {
  links_[gallery] = std::make_shared<DamperLink>(gallery);
}

std::shared_ptr<DamperLink> ClimatePlant::lookup(const std::string &gallery) const {
  auto it = links_.find(gallery);
  return it == links_.end() ? nullptr : it->second;
}

bool ClimatePlant::maybeRetire(DamperLink &link, double rh) {
  if (rh > 0.70 && link.state() != DamperLink::State::Closed) {
    link.close();
    return true;
  }
  return false;
}

void ClimatePlant::adjust(const std::string &gallery, double rh) {
  std::shared_ptr<DamperLink> link = lookup(gallery);
  if (!link)
    return;
  switch (link->state()) {
  case DamperLink::State::Closed:
    return;
  case DamperLink::State::Idle:
  case DamperLink::State::Active:
    break;
  }
  if (maybeRetire(*link, rh))
    return;
  link->setOpening(rh > 0.55 ? 60 : 25); // OK: maybeRetire() returned false, the link is open
}

void ClimatePlant::conservationWork(const std::string &gallery, bool fullShutdown) {
  std::shared_ptr<DamperLink> link = lookup(gallery);
  if (!link || link->state() == DamperLink::State::Closed)
    return;
  link->setOpening(0);
  if (fullShutdown) {
    link->close();
    links_.erase(gallery);
    return;
  }
  link->setOpening(10); // OK: the close path returned above
}

void ClimatePlant::holdSetpoint(const std::string &gallery, double rh) {
  std::shared_ptr<DamperLink> link = lookup(gallery);
  if (!link)
    return;
  maybeRetire(*link, rh);
  const DamperLink::State now = link->state();
  if (now != DamperLink::State::Closed)
    link->setOpening(40); // OK: the state was read after maybeRetire()
  if (now != DamperLink::State::Closed)
    link->close(); // OK: closes only a link that is still open
}

int main() {
  ClimatePlant plant;
  plant.add("Egyptian Hall");
  plant.add("Print Room");
  plant.add("Tapestries");
  plant.adjust("Egyptian Hall", 0.48);
  plant.adjust("Print Room", 0.75);
  plant.adjust("Print Room", 0.50);
  plant.conservationWork("Tapestries", false);
  plant.conservationWork("Tapestries", true);
  plant.holdSetpoint("Egyptian Hall", 0.52);
  plant.holdSetpoint("Print Room", 0.74);
  return 0;
}
