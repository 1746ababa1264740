// The agent's upstream connections, keyed by name. The first one added is
// the primary.
#pragma once
#include "logship/upstream.h"

#include <map>
#include <memory>
#include <string>

namespace logship {

class UpstreamSet {
public:
  void add(std::unique_ptr<UpstreamConnection> conn);
  /// Puts `next` in the slot called `name` and hands back what was there.
  std::unique_ptr<UpstreamConnection> replace(const std::string &name,
                                              std::unique_ptr<UpstreamConnection> next);
  /// Closes and drops one connection.
  void remove(const std::string &name);

  UpstreamConnection &primary();
  const UpstreamConnection &primary() const;
  UpstreamConnection *find(const std::string &name);

  /// Sends to every connection that is open; returns how many accepted it.
  std::size_t broadcast(const std::string &message);
  /// Closes every open connection. If `farewell` is not empty the primary is
  /// told we are going away.
  void closeAll(const std::string &farewell = {});

  bool empty() const noexcept { return conns_.empty(); }
  std::size_t size() const noexcept { return conns_.size(); }

private:
  std::map<std::string, std::unique_ptr<UpstreamConnection>> conns_;
  std::string primaryName_;
};

} // namespace logship
