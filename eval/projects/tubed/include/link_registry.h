// LinkRegistry: every named link of the network, keyed by name, rebuilt when the ward
// configuration changes.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "link.h"

namespace tubed {

inline constexpr const char* kCentralStation = "central";
inline constexpr const char* kPharmacyBus = "pharmacy-bus";

struct LinkSpec {
  enum class Kind { Station, BusSegment };
  Kind kind = Kind::Station;
  std::string address;  // serial device, or gateway host
  int port = 0;         // gateway TCP port (bus segments)
};

bool operator==(const LinkSpec& a, const LinkSpec& b);

using LinkConfig = std::map<std::string, LinkSpec>;

class LinkRegistry {
 public:
  LinkRegistry();
  ~LinkRegistry();
  LinkRegistry(const LinkRegistry&) = delete;
  LinkRegistry& operator=(const LinkRegistry&) = delete;

  // Links whose spec disappeared or changed (or that were shut down) are shut down and
  // retired; retired links live as long as the registry, so borrowed pointers never dangle.
  void rebuild(const LinkConfig& cfg);
  Link* find(const std::string& name);
  void for_each(const std::function<void(Link&)>& fn);
  // Control thread only (the thread that calls rebuild()).
  std::map<std::string, std::unique_ptr<Link>>& links();
  const LinkConfig& config() const;
  void shutdown_all();

 private:
  std::unique_ptr<Link> make_link(const std::string& name, const LinkSpec& spec);

  std::mutex mu_;
  std::map<std::string, std::unique_ptr<Link>> links_;
  std::vector<std::unique_ptr<Link>> retired_;
  LinkConfig config_;
};

}  // namespace tubed
