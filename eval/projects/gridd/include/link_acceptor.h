// Listening socket for meters and concentrators. Each accepted connection
// must open with a HELLO frame; the acceptor then builds the MeterLink and
// puts it into the link table (attach, migrate, or drop-and-attach for a
// concentrator that rebooted).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "audit_log.h"
#include "fd.h"
#include "link_table.h"

class LinkAcceptor {
public:
  using AttachHook = std::function<void(const std::string &meterId)>;

  LinkAcceptor(LinkTable &links, AuditLog &audit);

  bool listen(const std::string &addr, std::uint16_t port);
  bool rebind(const std::string &addr, std::uint16_t port);
  void onAttached(AttachHook hook) { onAttached_ = std::move(hook); }
  int fd() const { return listen_.get(); }
  std::size_t acceptPending(std::int64_t now);
  void close() { listen_.reset(); }

private:
  Fd openListener(const std::string &addr, std::uint16_t port);
  bool handshake(Fd client, std::int64_t now);

  LinkTable &links_;
  AuditLog &audit_;
  AttachHook onAttached_;
  Fd listen_;
};
