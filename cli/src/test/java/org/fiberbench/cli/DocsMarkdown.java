package org.fiberbench.cli;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the docs the way {@code DocsCommandsTest} checks them: the {@code ./fiberbench} commands of
 * fenced code blocks, split as a shell would, and the links and heading anchors of a page. The
 * conventions are documented in docs/contributing.md ("The docs test").
 */
final class DocsMarkdown {
    /** A documented command: where it is, its arguments after {@code ./fiberbench}, and whether it is shown failing. */
    record Command(String page, int line, List<String> args, boolean error) {
        @Override
        public String toString() {
            return page + ":" + line + " ./fiberbench " + String.join(" ", args) + (error ? "   # error" : "");
        }
    }

    private static final Pattern ALTERNATIVES = Pattern.compile("\\|[^\\s\\]]*");

    private static final Pattern ENV = Pattern.compile("^(\\$\\s+)?([A-Z_][A-Z0-9_]*=\\S*\\s+)*");
    private static final Pattern OPTIONAL = Pattern.compile("(?<=\\s)\\[([^\\[\\]]*)](\\.\\.\\.)?");
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*)$");

    private DocsMarkdown() {
    }

    static List<Command> commands(String page, String markdown) {
        List<Command> out = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        boolean fenced = false;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            String text = ENV.matcher(lines[i].strip()).replaceFirst("");
            if (!fenced || !(text.startsWith("./fiberbench ") || text.equals("./fiberbench"))) {
                continue;
            }
            int first = i;
            StringBuilder joined = new StringBuilder(text);
            while (joined.toString().endsWith("\\") && i + 1 < lines.length) {
                joined.setLength(joined.length() - 1);
                joined.append(' ').append(lines[++i].strip());
            }
            out.add(command(page, first + 1, joined.toString(), false));
            if (OPTIONAL.matcher(joined).find()) {
                out.add(command(page, first + 1, joined.toString(), true));
            }
        }
        return out;
    }

    /**
     * A synopsis line's optional groups ({@code [--impl naive|fast]}, {@code [--jvm-args ...]...}) are
     * left out, or {@code given} with their first alternative.
     */
    private static Command command(String page, int line, String text, boolean given) {
        String synopsis = text;
        for (String prev = null; !synopsis.equals(prev); ) {
            prev = synopsis;
            Matcher m = OPTIONAL.matcher(synopsis);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                String inner = !given ? "" : ALTERNATIVES.matcher(m.group(1)).replaceAll("");
                m.appendReplacement(sb, Matcher.quoteReplacement(inner));
            }
            synopsis = m.appendTail(sb).toString();
        }
        List<String> words = new ArrayList<>();
        String comment = split(synopsis, words);
        return new Command(page, line, words.subList(1, words.size()), comment != null && comment.startsWith("error"));
    }

    /**
     * Splits {@code text} into shell words (quotes and backslashes as sh treats them), stopping at an
     * unquoted {@code #} that starts a word or at {@code ; | &}. Returns the comment after {@code #}, or null.
     */
    static String split(String text, List<String> words) {
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < text.length() && "\"\\$`".indexOf(text.charAt(i + 1)) >= 0) {
                    word.append(text.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if (c == '#' && word == null) {
                return text.substring(i + 1).strip();
            } else if (c == ';' || c == '|' || c == '&') {
                break;
            } else {
                word = word == null ? new StringBuilder() : word;
                if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '\\' && i + 1 < text.length()) {
                    word.append(text.charAt(++i));
                } else {
                    word.append(c);
                }
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return null;
    }

    /** The targets of the page's Markdown links, outside code blocks and code spans. */
    static List<String> links(String markdown) {
        List<String> out = new ArrayList<>();
        for (String line : prose(markdown)) {
            Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
            while (m.find()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    /** The anchors GitHub gives the page's headings: lower case, punctuation dropped, spaces as '-', repeats numbered. */
    static Set<String> anchors(String markdown) {
        Set<String> out = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(markdown)) {
            Matcher m = HEADING.matcher(line);
            if (m.matches()) {
                String slug = Normalizer.normalize(m.group(2).strip(), Normalizer.Form.NFC).toLowerCase(java.util.Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N}\\s_-]", "").replace(' ', '-');
                int n = seen.merge(slug, 1, Integer::sum);
                out.add(n == 1 ? slug : slug + "-" + (n - 1));
            }
        }
        return out;
    }

    private static List<String> prose(String markdown) {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                out.add(line);
            }
        }
        return out;
    }
}
