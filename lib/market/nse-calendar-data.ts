/**
 * NSE's equity-segment calendar as data: the session timetable, weekday trading holidays and special sessions.
 * 2025 and 2026 follow the exchange's circulars; 2027 is provisional (festival dates projected, marked so)
 * until the exchange publishes its list in December 2026. Weekend holidays are left out: the market is shut anyway.
 * Typed by the schema's output (a type only: no zod here); calendar.test.ts checks it against the schema itself.
 */
import type { MarketCalendar } from "./calendar-schema";

export const NSE_CALENDAR_DATA: MarketCalendar = {
  exchange: "NSE",
  timezone: "Asia/Kolkata",
  sessions: [
    { id: "block_morning", label: "Block deal window (morning)", from: "08:45", to: "09:00" },
    { id: "pre_open", label: "Pre-open order entry", from: "09:00", to: "09:08" },
    { id: "pre_open_matching", label: "Pre-open matching and buffer", from: "09:08", to: "09:15" },
    { id: "normal", label: "Normal market", from: "09:15", to: "15:30" },
    { id: "closing_price", label: "Closing price calculation", from: "15:30", to: "15:40" },
    { id: "closing", label: "Closing session", from: "15:40", to: "16:00" },
  ],
  blockDealWindows: [
    { id: "block_morning", from: "08:45", to: "09:00" },
    { id: "block_afternoon", from: "14:05", to: "14:20" },
  ],
  holidays: [
    { date: "2025-02-26", name: "Mahashivratri" },
    { date: "2025-03-14", name: "Holi" },
    { date: "2025-03-31", name: "Id-Ul-Fitr (Ramadan Eid)" },
    { date: "2025-04-10", name: "Shri Mahavir Jayanti" },
    { date: "2025-04-14", name: "Dr. Baba Saheb Ambedkar Jayanti" },
    { date: "2025-04-18", name: "Good Friday" },
    { date: "2025-05-01", name: "Maharashtra Day" },
    { date: "2025-08-15", name: "Independence Day" },
    { date: "2025-08-27", name: "Ganesh Chaturthi" },
    { date: "2025-10-02", name: "Mahatma Gandhi Jayanti / Dussehra" },
    { date: "2025-10-21", name: "Diwali Laxmi Pujan" },
    { date: "2025-10-22", name: "Diwali Balipratipada" },
    { date: "2025-11-05", name: "Prakash Gurpurb Sri Guru Nanak Dev" },
    { date: "2025-12-25", name: "Christmas" },
    { date: "2026-01-15", name: "Municipal Corporation Elections in Maharashtra" },
    { date: "2026-01-26", name: "Republic Day" },
    { date: "2026-03-03", name: "Holi" },
    { date: "2026-03-26", name: "Shri Ram Navami" },
    { date: "2026-03-31", name: "Shri Mahavir Jayanti" },
    { date: "2026-04-03", name: "Good Friday" },
    { date: "2026-04-14", name: "Dr. Baba Saheb Ambedkar Jayanti" },
    { date: "2026-05-01", name: "Maharashtra Day" },
    { date: "2026-05-28", name: "Bakri Id" },
    { date: "2026-06-26", name: "Muharram" },
    { date: "2026-09-14", name: "Ganesh Chaturthi" },
    { date: "2026-10-02", name: "Mahatma Gandhi Jayanti" },
    { date: "2026-10-20", name: "Dussehra" },
    { date: "2026-11-10", name: "Diwali Balipratipada" },
    { date: "2026-11-24", name: "Prakash Gurpurb Sri Guru Nanak Dev" },
    { date: "2026-12-25", name: "Christmas" },
    { date: "2027-01-26", name: "Republic Day", provisional: true },
    { date: "2027-03-10", name: "Id-Ul-Fitr (Ramadan Eid)", provisional: true },
    { date: "2027-03-22", name: "Holi", provisional: true },
    { date: "2027-03-26", name: "Good Friday", provisional: true },
    { date: "2027-04-14", name: "Dr. Baba Saheb Ambedkar Jayanti", provisional: true },
    { date: "2027-04-15", name: "Shri Ram Navami", provisional: true },
    { date: "2027-05-17", name: "Bakri Id", provisional: true },
    { date: "2027-06-15", name: "Muharram", provisional: true },
    { date: "2027-10-29", name: "Diwali Laxmi Pujan", provisional: true },
  ],
  specialSessions: [
    { date: "2025-02-01", name: "Union Budget", kind: "budget", sessions: [{ id: "pre_open", from: "09:00", to: "09:08" }, { id: "normal", from: "09:15", to: "15:30" }] },
    { date: "2025-10-21", name: "Muhurat trading (Samvat 2082)", kind: "muhurat", sessions: [{ id: "pre_open", from: "13:30", to: "13:38" }, { id: "normal", from: "13:45", to: "14:45" }] },
    { date: "2026-02-01", name: "Union Budget", kind: "budget", sessions: [{ id: "pre_open", from: "09:00", to: "09:08" }, { id: "normal", from: "09:15", to: "15:30" }] },
    { date: "2026-11-08", name: "Muhurat trading (Samvat 2083)", kind: "muhurat", sessions: [{ id: "pre_open", from: "18:00", to: "18:08" }, { id: "normal", from: "18:15", to: "19:15" }] },
    { date: "2027-10-29", name: "Muhurat trading (Samvat 2084)", kind: "muhurat", provisional: true, sessions: [{ id: "pre_open", from: "18:00", to: "18:08" }, { id: "normal", from: "18:15", to: "19:15" }] },
  ],
};
