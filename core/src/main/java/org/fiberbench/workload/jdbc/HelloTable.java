package org.fiberbench.workload.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * fiberbench's own table, {@code fiberbench_hello(id, hello, response)}: seed 001 queried a small
 * {@code hello} table. It is created and filled with rows 1..N when missing or when its row count
 * differs; no other table is ever read or written.
 */
public final class HelloTable {
    public static final String NAME = "fiberbench_hello";
    /** The seed does not say how many rows its hello table had; a handful, as its name suggests. */
    public static final int DEFAULT_ROWS = 10;
    public static final int MAX_ROWS = 1_000_000;
    private static final int INSERT_BATCH = 1000;

    private HelloTable() {
    }

    /** The value of column {@code hello} in row {@code id}. */
    static String hello(long id) {
        return "hello " + id;
    }

    /** The value of column {@code response} in row {@code id}. */
    static String response(long id) {
        return "response to hello " + id + " from fiberbench";
    }

    /** Row count, or -1 when the table does not exist; other errors (permissions...) propagate. */
    public static long count(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + NAME)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            if (Dialect.isMissingTable(e.getSQLState())) {
                rollbackQuietly(c);
                return -1;
            }
            throw e;
        }
    }

    /** Makes the table hold exactly rows 1..{@code rows}; returns what it did: "kept", "created" or "refilled". */
    public static String ensure(Connection c, int rows) throws SQLException {
        long have = count(c);
        if (have == rows) {
            return "kept";
        }
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            if (have < 0) {
                st.executeUpdate("CREATE TABLE " + NAME
                        + " (id INT PRIMARY KEY, hello VARCHAR(64) NOT NULL, response VARCHAR(255) NOT NULL)");
            } else {
                st.executeUpdate("DELETE FROM " + NAME);
            }
            fill(c, rows);
            c.commit();
        } catch (SQLException e) {
            rollbackQuietly(c);
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
        return have < 0 ? "created" : "refilled";
    }

    private static void fill(Connection c, int rows) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + NAME + " (id, hello, response) VALUES (?, ?, ?)")) {
            for (int id = 1; id <= rows; id++) {
                ps.setInt(1, id);
                ps.setString(2, hello(id));
                ps.setString(3, response(id));
                ps.addBatch();
                if (id % INSERT_BATCH == 0 || id == rows) {
                    ps.executeBatch();
                }
            }
        }
    }

    private static void rollbackQuietly(Connection c) {
        try {
            if (!c.getAutoCommit()) {
                c.rollback();
            }
        } catch (SQLException ignored) {
            // the original error is the one worth reporting
        }
    }
}
