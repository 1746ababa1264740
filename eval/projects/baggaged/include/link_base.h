// LinkBase<Derived>: CRTP mix-in for the daemon's outbound links. The
// derived class provides isOpen(), linkName() and sendRaw(); sendChecked()
// refuses to touch a closed link and reports StatusCode::Closed instead.
#pragma once
#include "status.h"
#include <string>

template <class Derived>
class LinkBase {
 public:
  Status sendChecked(const std::string& payload) {
    Derived& self = static_cast<Derived&>(*this);
    if (!self.isOpen()) return Status::Error(StatusCode::Closed, self.linkName() + ": closed");
    return self.sendRaw(payload);
  }

 protected:
  LinkBase() = default;
  ~LinkBase() = default;
};
