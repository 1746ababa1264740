// Occupancy of every compartment of every bank: which parcel is inside,
// its carrier, its pickup code and whether the compartment is reserved.
#pragma once
#include "door_event.h"
#include "status.h"

#include <ctime>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

struct Compartment {
  int index = -1;
  bool chilled = false;
  bool occupied = false;
  bool reserved = false;
  bool doorOpen = false;
  std::string parcelId;
  std::string carrier;
  std::string pickupCode;
  std::time_t droppedAt = 0;
};

class CompartmentStore {
public:
  void registerBank(const std::string &bankId, int compartments, const std::set<int> &chilled);
  void forgetBank(const std::string &bankId);
  bool knows(const std::string &bankId) const;

  Status reserve(const std::string &bankId, int index, const std::string &parcelId);
  Status markDropped(const DoorEvent &ev);
  std::optional<Compartment> markCollected(const DoorEvent &ev);
  void noteDoor(const DoorEvent &ev);
  void setPickupCode(const std::string &bankId, int index, const std::string &code);

  std::optional<Compartment> findByCode(const std::string &bankId, const std::string &code) const;
  std::optional<int> findFree(const std::string &bankId, bool chilled) const;
  std::vector<Compartment> occupied(const std::string &bankId) const;
  std::vector<std::string> banks() const;

private:
  Compartment *slot(const std::string &bankId, int index);

  std::map<std::string, std::vector<Compartment>> banks_;
};
