// CompartmentStore: per-bank vectors of compartments, updated from door
// events on the main loop.
#include "compartment_store.h"

void CompartmentStore::registerBank(const std::string &bankId, int compartments,
                                    const std::set<int> &chilled) {
  std::vector<Compartment> &slots = banks_[bankId];
  if (static_cast<int>(slots.size()) == compartments)
    return;
  slots.resize(static_cast<std::size_t>(compartments));
  for (int i = 0; i < compartments; ++i) {
    slots[static_cast<std::size_t>(i)].index = i;
    slots[static_cast<std::size_t>(i)].chilled = chilled.count(i) > 0;
  }
}

void CompartmentStore::forgetBank(const std::string &bankId) { banks_.erase(bankId); }

bool CompartmentStore::knows(const std::string &bankId) const { return banks_.count(bankId) > 0; }

Compartment *CompartmentStore::slot(const std::string &bankId, int index) {
  auto it = banks_.find(bankId);
  if (it == banks_.end() || index < 0 || index >= static_cast<int>(it->second.size()))
    return nullptr;
  return &it->second[static_cast<std::size_t>(index)];
}

Status CompartmentStore::reserve(const std::string &bankId, int index, const std::string &parcelId) {
  Compartment *c = slot(bankId, index);
  if (!c)
    return Status::notFound("compartment " + std::to_string(index) + " of " + bankId);
  if (c->occupied || c->reserved)
    return Status::busy("compartment " + std::to_string(index) + " of " + bankId + " is taken");
  c->reserved = true;
  c->parcelId = parcelId;
  return Status::success();
}

Status CompartmentStore::markDropped(const DoorEvent &ev) {
  Compartment *c = slot(ev.bankId, ev.compartment);
  if (!c)
    return Status::notFound("compartment " + std::to_string(ev.compartment) + " of " + ev.bankId);
  c->occupied = true;
  c->reserved = false;
  c->parcelId = ev.parcelId;
  c->carrier = ev.carrier;
  c->droppedAt = ev.at;
  return Status::success();
}

std::optional<Compartment> CompartmentStore::markCollected(const DoorEvent &ev) {
  Compartment *c = slot(ev.bankId, ev.compartment);
  if (!c || !c->occupied)
    return std::nullopt;
  Compartment before = *c;
  c->occupied = false;
  c->parcelId.clear();
  c->carrier.clear();
  c->pickupCode.clear();
  c->droppedAt = 0;
  return before;
}

void CompartmentStore::noteDoor(const DoorEvent &ev) {
  if (Compartment *c = slot(ev.bankId, ev.compartment))
    c->doorOpen = ev.kind == DoorEventKind::DoorOpened;
}

void CompartmentStore::setPickupCode(const std::string &bankId, int index, const std::string &code) {
  if (Compartment *c = slot(bankId, index))
    c->pickupCode = code;
}

std::optional<Compartment> CompartmentStore::findByCode(const std::string &bankId,
                                                        const std::string &code) const {
  auto it = banks_.find(bankId);
  if (it == banks_.end() || code.empty())
    return std::nullopt;
  for (const Compartment &c : it->second)
    if (c.occupied && c.pickupCode == code)
      return c;
  return std::nullopt;
}

std::optional<int> CompartmentStore::findFree(const std::string &bankId, bool chilled) const {
  auto it = banks_.find(bankId);
  if (it == banks_.end())
    return std::nullopt;
  for (const Compartment &c : it->second)
    if (!c.occupied && !c.reserved && c.chilled == chilled)
      return c.index;
  return std::nullopt;
}

std::vector<Compartment> CompartmentStore::occupied(const std::string &bankId) const {
  std::vector<Compartment> out;
  auto it = banks_.find(bankId);
  if (it == banks_.end())
    return out;
  for (const Compartment &c : it->second)
    if (c.occupied)
      out.push_back(c);
  return out;
}

std::vector<std::string> CompartmentStore::banks() const {
  std::vector<std::string> ids;
  ids.reserve(banks_.size());
  for (const auto &entry : banks_)
    ids.push_back(entry.first);
  return ids;
}
