// archive_day(), announce_close() and close_records(): the record-keeping stages of the plant
// shutdown. The day's yields are appended to the archive by a pool job, the last tank reading is
// published, and the logger, the shift report, the event bus and the journal are closed.
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "cooling_controller.h"
#include "data_logger.h"
#include "event_bus.h"
#include "file_handle.h"
#include "journal.h"
#include "shutdown_stages.h"
#include "site.h"
#include "worker_pool.h"

void archive_day(Site& site) {
    const std::vector<YieldRecord> day = site.day_yields();
    const std::string path = site.archive_path();
    std::function<void()> job = [day, path] {
        FileHandle out(std::fopen(path.c_str(), "a"));
        if (!out) return;
        for (const YieldRecord& y : day) std::fprintf(out.get(), "%d;%.2f\n", y.cow_no, y.litres);
    };
    site.pool().post(std::move(job));   // SAME: archive
}

void announce_close(Site& site) {
    char text[48];
    std::snprintf(text, sizeof text, "%.1f C at close", site.tank().temp_c());
    site.events().publish(Event{"tank.reading", text, site.tank().litres()});
}

void close_records(Site& site) {
    site.logger().stop();
    write_shift_report(site.journal(), site.shift_totals());
    site.events().shutdown();
    site.journal().close();
    site.tank().record_level(site.tank().litres(), site.cooling().last_temp());   // BUG: use-after-close #final_level
}
