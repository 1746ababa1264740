// Spool setup. writeSpoolHeader() arms a ScopeGuard that closes the spool if
// the header cannot be completed, and dismisses it once the header is
// written: the append after dismiss() is on an open spool (quiet line).
// exportSnapshot() arms the same kind of guard for a throw half-way through
// the snapshot, in an inner block, and never dismisses it: the guard closes
// the spool at the end of the block on success too, and the closing append
// after the block fails (bug).
#include "gateway/bootstrap.h"

#include "gateway/scope_guard.h"

namespace gateway {

bool writeSpoolHeader(SpoolFile &spool, const Config &cfg) {
  ScopeGuard closeOnFailure([&spool] { spool.close(); });
  spool.append("# gateway spool v2");
  if (cfg.instance.empty())
    return false;
  spool.append("# instance " + cfg.instance);
  closeOnFailure.dismiss();
  spool.append("# ready"); // OK: the guard was dismissed on the success path
  return true;
}

bool exportSnapshot(SpoolFile &spool, const std::vector<std::string> &ids) {
  {
    // Do not leave a half-written snapshot behind an open spool.
    ScopeGuard closeOnThrow([&spool] { spool.close(); });
    spool.append("# snapshot begin");
    for (const std::string &id : ids)
      spool.append("session " + id);
  }
  spool.append("# snapshot end"); // BUG: use-after-close
  return true;
}

} // namespace gateway
