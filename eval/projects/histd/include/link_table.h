// The PLC links of the plant, keyed by controller id. A dropped link stays
// in the table (closed) so its counters survive and connect() can bring it
// back after the back-off period.
#pragma once
#include "plc_link.h"
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace histd {

class LinkTable {
public:
  using Factory = std::function<std::unique_ptr<PlcLink>(const std::string &id)>;

  LinkTable(Factory factory, int backoffMs);

  /// Takes ownership of a link opened elsewhere. Refuses it (and closes it)
  /// when a connected link with the same id is already in the table.
  bool adopt(std::unique_ptr<PlcLink> link);
  /// Opens the link unless it is open already or still backing off.
  void connect(const std::string &id);
  /// Closes the link and starts its back-off period.
  void drop(const std::string &id);
  PollResult poll(const std::string &id, const TagGroup &group);
  /// Closes the current link for `id` (if any) and installs `fresh`.
  void replace(const std::string &id, std::unique_ptr<PlcLink> fresh);
  /// Closes and forgets the link.
  void erase(const std::string &id);

  PlcLink *find(const std::string &id);
  bool isUp(const std::string &id) const;
  std::vector<std::string> ids() const;
  void forEach(const std::function<void(PlcLink &)> &fn);
  void setBackoff(int backoffMs);

  void closeAll();

private:
  mutable std::mutex mu_;
  std::map<std::string, std::unique_ptr<PlcLink>> links_;
  std::map<std::string, int64_t> retryAt_;
  Factory factory_;
  int64_t backoffMicros_;
};

} // namespace histd
