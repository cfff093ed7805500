package org.fiberbench.workload.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One task's query and seed 001's {@code execQuery}: run it, read every row, join the columns into
 * a result string. {@code point} reads row {@code seq mod rows + 1} and checks it is that row;
 * {@code scan} is the seed's {@code select * from hello}; any other text is the user's SQL, whose
 * row count is learned once in setUp. A wrong row count throws: a short answer must not score.
 */
record JdbcQuery(Kind kind, String text, String sql) {
    enum Kind { POINT, SCAN, CUSTOM }

    static JdbcQuery parse(String value) {
        String v = value.trim();
        return switch (v.toLowerCase(java.util.Locale.ROOT)) {
            case "point" -> new JdbcQuery(Kind.POINT, "point",
                    "SELECT id, hello, response FROM " + HelloTable.NAME + " WHERE id = ?");
            case "scan" -> new JdbcQuery(Kind.SCAN, "scan", "SELECT * FROM " + HelloTable.NAME);
            default -> new JdbcQuery(Kind.CUSTOM, v, unquote(v));
        };
    }

    /** {@code "select a, b from t"} → {@code select a, b from t}: quotes only protect commas in the spec. */
    static String unquote(String v) {
        if (v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'') && v.charAt(v.length() - 1) == v.charAt(0)) {
            return v.substring(1, v.length() - 1).trim();
        }
        return v;
    }

    /**
     * Runs the query for task {@code seq} and returns the joined rows.
     *
     * @param expectedRows rows the answer must have: the table's rows (scan), 1 (point), or what
     *                     setUp saw (custom); negative means "any"
     */
    String execute(Connection c, long seq, int tableRows, long expectedRows) throws SQLException {
        long id = Math.floorMod(seq, (long) tableRows) + 1;
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (kind == Kind.POINT) {
                ps.setLong(1, id);
            }
            try (ResultSet rs = ps.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                StringBuilder sb = new StringBuilder(64);
                long rows = 0;
                while (rs.next()) {
                    rows++;
                    for (int i = 1; i <= columns; i++) {
                        sb.append(rs.getString(i)).append(i < columns ? ',' : '\n');
                    }
                }
                if (expectedRows >= 0 && rows != expectedRows) {
                    throw new WrongResultException("query '" + text + "' returned " + rows + " rows, expected " + expectedRows);
                }
                if (kind == Kind.POINT && !sb.toString().startsWith(id + "," + HelloTable.hello(id) + ",")) {
                    throw new WrongResultException("query 'point' for id " + id + " returned another row: " + sb.toString().trim());
                }
                return sb.toString();
            }
        }
    }

    /** Runs the query once and counts its rows: a custom query's expected answer, learned outside measurement. */
    long rowCount(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (kind == Kind.POINT) {
                ps.setLong(1, 1);
            }
            try (ResultSet rs = ps.executeQuery()) {
                long rows = 0;
                while (rs.next()) {
                    rows++;
                }
                return rows;
            }
        }
    }

    /** The answer came back but is wrong: counted apart from failed queries. */
    static final class WrongResultException extends IllegalStateException {
        WrongResultException(String message) {
            super(message);
        }
    }
}
